import { datasourceEntity } from '@cube/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, PG_APP_ROLE, type TestApp } from '../../../../test/helpers.js';
import { withPlatformScope } from '../../../db/row-scope.js';

/**
 * The platform administrator's flow views across tenants while a tenant keeps its instances in its own database:
 * 流程跟踪 of every tenant merges the master's instances with the bound database's into one list in one order
 * (page by page), a definition's running count and its suspension and removal reach the bound database, a
 * database that is down is left out of the views with a log line, and after unbinding each instance shows once.
 * PostgreSQL only: SQLite refuses binding.
 */

const PG_URL = process.env.CUBE_TEST_PG_URL;
const BOUND = '100000';
const KEY = 'views_common';

/** A common process whose one task waits for a 经理 (candidate group `manager`). */
const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="D_${KEY}" targetNamespace="https://cube-portal.cn/flow">
  <bpmn:process id="${KEY}" name="跨库流程" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="task" />
    <bpmn:userTask id="task" name="审批" camunda:candidateGroups="manager" />
    <bpmn:sequenceFlow id="f2" sourceRef="task" targetRef="end" />
    <bpmn:endEvent id="end" name="结束" />
  </bpmn:process>
</bpmn:definitions>`;

async function adminQuery(database: string | undefined, text: string, values: unknown[] = []) {
  const url = new URL(PG_URL as string);
  if (database) url.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

describe.runIf(PG_URL)(
  "the platform administrator's flow views reach a bound tenant's database",
  {
    timeout: 300_000,
  },
  () => {
    let t: TestApp;
    const name = `cube_ds_${Math.random().toString(36).slice(2, 10)}`;
    let datasourceId = '';
    const tokens: Partial<Record<keyof typeof DEMO, string>> = {};
    const flow = (method: 'GET' | 'POST', who: keyof typeof DEMO, url: string, body?: unknown) =>
      t.call(method, `/api/cube-flow${url}`, tokens[who], body);
    const okData = (res: { statusCode: number; body: { data: unknown } }) => {
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      return res.body.data as Record<string, unknown> & {
        records: Array<Record<string, unknown>>;
        total: number;
      };
    };
    /** Every instance of 流程跟踪 as the platform administrator pages through it: `[id, tenant]` in list order. */
    const followed = async (size: number, query = 'status=all') => {
      const rows: string[] = [];
      let total = -1;
      for (let current = 1; total < 0 || (current - 1) * size < total; current++) {
        const page = okData(
          await flow('GET', 'platformAdmin', `/follow/list?${query}&size=${size}&current=${current}`),
        );
        if (total >= 0) expect(page.total, `page ${current}`).toBe(total);
        total = page.total;
        expect(page.records.length).toBe(Math.min(size, total - (current - 1) * size));
        rows.push(...page.records.map((r) => `${r.processInstanceId}@${r.tenantId}`));
      }
      return rows;
    };
    const statusThere = async (id: string) =>
      (await adminQuery(name, 'select flow_status from flow_instance where id = $1', [id]))[0]?.flow_status;
    const statusOnMaster = async (id: string) =>
      (
        await withPlatformScope(() =>
          t.deps.db.db
            .selectFrom('flowInstance')
            .select('flowStatus')
            .where('id', '=', id)
            .executeTakeFirst(),
        )
      )?.flowStatus;
    let before: string[] = [];
    const start = async (who: keyof typeof DEMO, title: string) =>
      String(
        okData(
          await flow('POST', who, '/process/start-process', { processDefinitionId: definitionId, title }),
        ).processInstanceId,
      );
    let definitionId = '';
    let boundInstance = '';
    let masterInstance = '';

    beforeAll(async () => {
      t = await createTestApp('postgres');
      for (const who of Object.keys(DEMO) as Array<keyof typeof DEMO>)
        tokens[who] = (await t.token(DEMO[who])).access_token;
      const model = okData(
        await flow('POST', 'platformAdmin', '/model/submit', {
          modelKey: KEY,
          name: '跨库流程',
          modelEditorXml: xml,
        }),
      );
      okData(
        await flow('POST', 'platformAdmin', '/model/deploy', {
          modelId: model.id,
          category: 'flow_3',
          tenantIds: '',
        }),
      );
      definitionId = String(
        okData(await flow('GET', 'platformAdmin', `/manager/list?processDefinitionKey=${KEY}`)).records[0]
          ?.id,
      );
      // Instances of the platform's tenant and the bound one started in turns, so that once the tenant is bound the
      // list interleaves the two databases (often within one second: the id then decides).
      for (let i = 1; i <= 3; i++) {
        await start('platformAdmin', `平台发起 ${i}`);
        await start('tenantUser', `租户发起 ${i}`);
      }
      // Every tenant's instances, all on the master: the order the merged list must keep once the tenant is bound.
      before = await followed(200);
      await adminQuery(undefined, `create database ${name} owner ${PG_APP_ROLE}`);
      const server = new URL(PG_URL as string);
      const ds = await t.call('POST', `${datasourceEntity.api}/submit`, tokens.platformAdmin, {
        name: '流程视图库',
        url: `postgres://${server.hostname}:${server.port || 5432}/${name}`,
        username: PG_APP_ROLE,
        password: 'S3cret-pass',
        poolSize: 2,
      });
      expect(ds.body, ds.raw).toMatchObject({ code: 200 });
      datasourceId = String(ds.body.data.id ?? ds.body.data);
      const bind = await t.call(
        'POST',
        `/api/cube-system/tenant/datasource?tenantId=${BOUND}&datasourceId=${datasourceId}`,
        tokens.platformAdmin,
      );
      expect(bind.body, bind.raw).toMatchObject({ code: 200 });
    }, 180_000);
    afterAll(async () => {
      await t?.deps.datasources.close();
      await t?.close();
      await adminQuery(undefined, `drop database if exists ${name} with (force)`).catch(() => {});
    }, 120_000);

    it('lists every tenant from the master and the bound database in one order, page by page', async () => {
      expect(before.some((r) => r.endsWith(`@${BOUND}`))).toBe(true);
      expect(before.some((r) => !r.endsWith(`@${BOUND}`))).toBe(true);
      const bound = Number(
        (
          await adminQuery(name, 'select count(*)::int as n from flow_instance where tenant_id = $1', [BOUND])
        )[0]?.n,
      );
      expect(bound).toBe(before.filter((r) => r.endsWith(`@${BOUND}`)).length);
      // The newest rows alternate between the two databases now, newest first.
      expect(before.slice(0, 6).map((r) => r.split('@')[1])).toEqual([
        BOUND,
        '000000',
        BOUND,
        '000000',
        BOUND,
        '000000',
      ]);
      // The same rows in the same order as when all were on the master, whatever the page size.
      expect(await followed(200)).toEqual(before);
      expect(await followed(3)).toEqual(before);
      expect(await followed(7)).toEqual(before);
      // One tenant named: its instances, read in its database.
      const named = okData(
        await flow('GET', 'platformAdmin', `/follow/list?status=all&size=200&tenantId=${BOUND}`),
      );
      expect(named.records.map((r) => `${r.processInstanceId}@${r.tenantId}`)).toEqual(
        before.filter((r) => r.endsWith(`@${BOUND}`)),
      );
    });

    it('shows a process the bound tenant starts, with its tenant, and counts it for its definition', async () => {
      masterInstance = await start('platformAdmin', '平台发起');
      boundInstance = await start('tenantUser', '独立库租户发起');
      expect(await statusThere(boundInstance)).toBe('running');
      expect(await statusOnMaster(boundInstance)).toBeUndefined();
      expect(await statusOnMaster(masterInstance)).toBe('running');

      const running = okData(await flow('GET', 'platformAdmin', '/follow/list?size=200')).records;
      const shown = running.filter((r) => r.processInstanceId === boundInstance);
      expect(shown).toHaveLength(1);
      // Named from the master with its own tenant's users.
      expect(shown[0]).toMatchObject({ tenantId: BOUND, title: '独立库租户发起', status: 'running' });
      expect(shown[0]?.starterName).not.toBe('');
      expect(running.find((r) => r.processInstanceId === masterInstance)).toMatchObject({
        tenantId: '000000',
      });
      // Newest first across both databases: the bound tenant's start came last.
      expect(running.findIndex((r) => r.processInstanceId === boundInstance)).toBeLessThan(
        running.findIndex((r) => r.processInstanceId === masterInstance),
      );

      // The running count: every tenant's (4 on the master, 4 in the bound database) for the platform
      // administrator, the tenant's own for its administrator.
      const listed = okData(await flow('GET', 'platformAdmin', `/manager/list?processDefinitionKey=${KEY}`));
      expect(listed.records[0]?.runningCount).toBe(8);
      const detail = okData(
        await flow('GET', 'platformAdmin', `/manager/detail?processDefinitionId=${definitionId}`),
      );
      expect(detail.runningCount).toBe(8);
      const own = okData(await flow('GET', 'tenantAdmin', `/manager/list?processDefinitionKey=${KEY}`));
      expect(own.records[0]?.runningCount).toBe(4);
      // A tenant's own 流程跟踪 stays its own.
      const tenants = okData(await flow('GET', 'tenantAdmin', '/follow/list?size=200')).records;
      expect(tenants.some((r) => r.processInstanceId === boundInstance)).toBe(true);
      expect(tenants.every((r) => r.tenantId === BOUND)).toBe(true);

      // From the list the platform administrator opens an instance's diagram and ends one, naming its tenant: the
      // server reads where the instance lives.
      const diagram = okData(
        await flow(
          'GET',
          'platformAdmin',
          `/process/model-view?processInstanceId=${boundInstance}&tenantId=${BOUND}`,
        ),
      );
      expect(diagram.activeIds).toEqual(['task']);
      expect(
        (await flow('GET', 'platformAdmin', `/process/model-view?processInstanceId=${boundInstance}`))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await flow(
            'GET',
            'tenantAdmin',
            `/process/model-view?processInstanceId=${masterInstance}&tenantId=000000`,
          )
        ).statusCode,
      ).toBe(403);
      const ended = await start('tenantUser', '平台终止的租户流程');
      okData(
        await flow('POST', 'platformAdmin', '/follow/delete-process-instance', {
          processInstanceId: ended,
          deleteReason: '平台终止',
          tenantId: BOUND,
        }),
      );
      expect(await statusThere(ended)).toBe('terminated');
    });

    it('suspends, activates and force-deletes a common definition with the instances in the bound database', async () => {
      okData(
        await flow('POST', 'platformAdmin', '/manager/change-state', {
          processId: definitionId,
          state: 'suspend',
        }),
      );
      expect(await statusThere(boundInstance)).toBe('suspended');
      expect(await statusOnMaster(masterInstance)).toBe('suspended');
      okData(
        await flow('POST', 'platformAdmin', '/manager/change-state', {
          processId: definitionId,
          state: 'active',
        }),
      );
      expect(await statusThere(boundInstance)).toBe('running');
      expect(await statusOnMaster(masterInstance)).toBe('running');

      // Without force a running instance in the bound database alone refuses the delete; nothing changes.
      okData(
        await flow('POST', 'platformAdmin', '/follow/delete-process-instance', {
          processInstanceId: masterInstance,
          deleteReason: '平台终止',
        }),
      );
      expect(await statusOnMaster(masterInstance)).toBe('terminated');
      const refused = await flow('POST', 'platformAdmin', '/manager/delete-deployment', {
        deploymentIds: definitionId,
      });
      expect(refused.body.success).toBe(false);
      expect(await statusThere(boundInstance)).toBe('running');
      okData(
        await flow('POST', 'platformAdmin', '/manager/delete-deployment', {
          deploymentIds: definitionId,
          force: true,
        }),
      );
      expect(await statusThere(boundInstance)).toBe('terminated');
      const removed = await withPlatformScope(() =>
        t.deps.db.db
          .selectFrom('flowDefinition')
          .select('isDeleted')
          .where('id', '=', definitionId)
          .execute(),
      );
      expect(removed.map((d) => Number(d.isDeleted))).toEqual([1]);
    });

    it('leaves a bound database that is down out of the views, with a log line, and answers from the master', async () => {
      const all = await followed(200);
      // The datasource's server stops answering: its address now names a port nothing listens on.
      const setUrl = async (url: string) => {
        await withPlatformScope(() =>
          t.deps.db.db.updateTable('cubeDatasource').set({ url }).where('id', '=', datasourceId).execute(),
        );
        await t.deps.datasources.forget(datasourceId);
      };
      const [{ url: working }] = (await withPlatformScope(() =>
        t.deps.db.db.selectFrom('cubeDatasource').select('url').where('id', '=', datasourceId).execute(),
      )) as [{ url: string }];
      expect(working).toMatch(/:\d+\//);
      await setUrl(working.replace(/:\d+\//, ':1/'));
      try {
        const logged = t.logs.length;
        const page = okData(await flow('GET', 'platformAdmin', '/follow/list?status=all&size=200'));
        expect(page.records.map((r) => `${r.processInstanceId}@${r.tenantId}`)).toEqual(
          all.filter((r) => !r.endsWith(`@${BOUND}`)),
        );
        expect(page.total).toBe(all.filter((r) => !r.endsWith(`@${BOUND}`)).length);
        expect(t.logs.slice(logged).some((l) => l.includes('tenant database unavailable'))).toBe(true);
        expect((await flow('GET', 'platformAdmin', '/manager/list')).statusCode).toBe(200);
        // A command that must see every database does not go on without it.
        const suspend = await flow('POST', 'platformAdmin', '/manager/change-state', {
          processId: String(okData(await flow('GET', 'platformAdmin', '/manager/list')).records[0]?.id),
          state: 'suspend',
        });
        expect(suspend.statusCode).toBe(503);
      } finally {
        await setUrl(working);
      }
      expect(await followed(200)).toEqual(all);
    });

    it('after unbinding, every instance shows once, from the master', async () => {
      const all = await followed(200);
      expect(all.filter((r) => r.startsWith(`${boundInstance}@`))).toEqual([`${boundInstance}@${BOUND}`]);
      const unbind = await t.call(
        'POST',
        `/api/cube-system/tenant/datasource?tenantId=${BOUND}&datasourceId=`,
        tokens.platformAdmin,
      );
      expect(unbind.body, unbind.raw).toMatchObject({ code: 200 });
      expect(await statusOnMaster(boundInstance)).toBe('terminated');
      expect(await followed(200)).toEqual(all);
      expect(await followed(4)).toEqual(all);
    });
  },
);
