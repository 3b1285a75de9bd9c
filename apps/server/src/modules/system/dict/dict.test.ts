import { dictBizEntity, dictEntity } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { buildApp } from '../../../app.js';
import { type DatabaseHandle, openDatabase } from '../../../db/connection.js';
import { withPlatformScope } from '../../../db/row-scope.js';
import { TreeMessage } from '../../../platform/crud/index.js';
import { RedisStore, type SharedStore } from '../../../platform/store.js';

const DICT = '/api/cube-system/dict';
const BIZ = '/api/cube-system/dict-biz';
const m = dictEntity.messages;

describe.each(dialects)('dictionaries on %s', (dialect) => {
  let t: TestApp;
  let platform: string;
  let tenant: string;
  let user: string;
  let n = 0;
  const code = () => `t_${++n}_${Date.now()}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    platform = (await t.token(DEMO.platformAdmin)).access_token;
    tenant = (await t.token(DEMO.tenantAdmin)).access_token;
    user = (await t.token(DEMO.tenantUser)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const submit = async (prefix: string, token: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', `${prefix}/submit`, token, body);
    return res;
  };
  const created = async (prefix: string, token: string, body: Record<string, unknown>) => {
    const res = await submit(prefix, token, { sort: 1, isSealed: 0, dictKey: '-1', ...body });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    return res.body.data.id as string;
  };
  /** A root with two items, the second nesting a third. */
  const dictionary = async (prefix: string, token: string) => {
    const c = code();
    const root = await created(prefix, token, { code: c, dictValue: '测试字典' });
    const a = await created(prefix, token, {
      code: c,
      parentId: root,
      dictKey: '1',
      dictValue: '甲',
      sort: 1,
    });
    const b = await created(prefix, token, {
      code: c,
      parentId: root,
      dictKey: '2',
      dictValue: '乙',
      sort: 2,
    });
    const b1 = await created(prefix, token, {
      code: c,
      parentId: b,
      dictKey: '21',
      dictValue: '乙一',
      sort: 1,
    });
    return { code: c, root, a, b, b1 };
  };
  const lookup = async (prefix: string, token: string, c: string) =>
    (await t.call('GET', `${prefix}/dictionary?code=${c}`, token)).body.data as Array<
      Record<string, unknown>
    >;

  it('seeds 系统字典 and 应用管理 for the platform administrator only, 业务字典 for the demo tenant administrator too', async () => {
    interface MenuNode {
      code: string;
      path: string;
      children?: MenuNode[];
    }
    const paths = async (token: string) => {
      const out: string[] = [];
      const walk = (nodes: MenuNode[]) => {
        for (const n of nodes) {
          out.push(n.path);
          if (n.children) walk(n.children);
        }
      };
      walk((await t.call('GET', '/api/cube-system/menu/routes', token)).body.data);
      return out;
    };
    expect(await paths(platform)).toEqual(
      expect.arrayContaining(['/system/dict', '/system/dictbiz', '/system/client']),
    );
    const tenantPaths = await paths(tenant);
    expect(tenantPaths).toContain('/system/dictbiz');
    expect(tenantPaths).not.toContain('/system/dict');
    expect(tenantPaths).not.toContain('/system/client');
    const buttons = JSON.stringify((await t.call('GET', '/api/cube-system/menu/buttons', tenant)).body.data);
    for (const code of ['dictbiz_add', 'dictbiz_edit', 'dictbiz_delete', 'dictbiz_view'])
      expect(buttons).toContain(code);
    expect(buttons).not.toContain('"dict_add"');
    // The demo tenant's 系统管理 header entry shows 业务字典.
    const tops = (await t.call('GET', '/api/cube-system/menu/top-menu', tenant)).body.data as Array<{
      id: string;
      code: string;
    }>;
    const system = tops.find((m) => m.code === 'system');
    expect(system).toBeDefined();
    const underSystem = JSON.stringify(
      (await t.call('GET', `/api/cube-system/menu/routes?topMenuId=${system?.id}`, tenant)).body.data,
    );
    expect(underSystem).toContain('/system/dictbiz');
    expect((await t.call('GET', `${BIZ}/parent-list`, tenant)).statusCode).toBe(200);
    expect((await t.call('GET', `${DICT}/parent-list`, tenant)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/cube-system/client/list', tenant)).statusCode).toBe(403);
  });

  it('seeds the flow business dictionary in the platform and the demo tenant, routing flow_1..flow_3', async () => {
    for (const token of [platform, tenant, user]) {
      const items = await lookup(BIZ, token, 'flow');
      expect(items.map((i) => [i.code, i.dictKey, i.dictValue, i.remark])).toEqual([
        ['flow', '1', '发明专利全流程', 'invention'],
        ['flow', '2', '实用新型和外观设计专利全流程', 'utility-design'],
        ['flow', '3', '专利申请审批流程', 'approval'],
      ]);
    }
  });

  it('gives a new tenant its own copy of the flow business dictionary', async () => {
    const created = await t.call('POST', '/api/cube-system/tenant/submit', platform, {
      tenantName: `字典测试公司-${Date.now()}`,
      linkman: '周测试',
      contactNumber: '021-5555 6666',
    });
    expect(created.body, created.raw).toMatchObject({ code: 200 });
    const tenantId = created.body.data.tenantId as string;
    const rows = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeDictBiz')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('code', '=', 'flow')
        .where('isDeleted', '=', 0)
        .orderBy('sort')
        .execute(),
    );
    const root = rows.find((r) => r.parentId === '0');
    expect(root?.dictKey).toBe('-1');
    expect(rows.filter((r) => r.parentId === root?.id).map((r) => [r.dictKey, r.remark])).toEqual([
      ['1', 'invention'],
      ['2', 'utility-design'],
      ['3', 'approval'],
    ]);
  });

  it('parent-list pages the roots; child-list answers the items of one root as a tree; tree answers nodes', async () => {
    const d = await dictionary(BIZ, tenant);
    const parents = await t.call('GET', `${BIZ}/parent-list?current=1&size=10&code=${d.code}`, tenant);
    expect(parents.body.data).toMatchObject({ total: 1, current: 1, size: 10 });
    expect(parents.body.data.records).toEqual([
      expect.objectContaining({ id: d.root, code: d.code, dictKey: '-1', parentId: '0', tenantId: '100000' }),
    ]);
    const all = await t.call('GET', `${BIZ}/parent-list?size=100`, tenant);
    expect(all.body.data.records.every((r: { parentId: string }) => r.parentId === '0')).toBe(true);

    const children = (await t.call('GET', `${BIZ}/child-list?parentId=${d.root}`, tenant)).body.data;
    expect(children.map((c: { id: string }) => c.id)).toEqual([d.a, d.b]);
    expect(children[1]).toMatchObject({
      hasChildren: false,
      children: [expect.objectContaining({ id: d.b1 })],
    });
    const searched = (await t.call('GET', `${BIZ}/child-list?parentId=${d.root}&dictValue=乙一`, tenant)).body
      .data;
    expect(searched.map((c: { id: string }) => c.id)).toEqual([d.b1]);
    expect((await t.call('GET', `${BIZ}/child-list`, tenant)).body.data).toEqual([]);
    for (const odd of ['-1', '0', '9999999999999999999'])
      expect((await t.call('GET', `${BIZ}/child-list?parentId=${odd}`, tenant)).body).toMatchObject({
        code: 200,
        data: [],
      });
    expect((await t.call('GET', `${BIZ}/child-list?parentId=abc`, tenant)).statusCode).toBe(400);
    // The literal `child-list_TD` a BladeX client calls answers the same, on both dictionaries.
    const literal = await t.call('GET', `${BIZ}/child-list_TD?parentId=${d.root}`, tenant);
    expect(literal.statusCode).toBe(200);
    expect(literal.body.data).toEqual(children);
    const system = await t.call('GET', `${DICT}/child-list_TD?parentId=-1`, platform);
    expect(system.body).toMatchObject({ code: 200, data: [] });
    expect((await t.call('GET', `${BIZ}/child-list_TD?parentId=${d.root}`)).statusCode).toBe(401);

    const tree = (await t.call('GET', `${BIZ}/tree?code=DICT`, tenant)).body.data as Array<
      Record<string, unknown>
    >;
    const node = tree.find((r) => r.id === d.root);
    expect(node).toMatchObject({
      title: '测试字典',
      key: d.root,
      value: d.root,
      parentId: '0',
      hasChildren: false,
    });
    const dictTree = (await t.call('GET', `${BIZ}/dictionary-tree?code=${d.code}`, tenant)).body.data;
    expect(dictTree.map((r: { id: string }) => r.id)).toEqual([d.a, d.b]);
    expect((await t.call('GET', `${BIZ}/parent-list`, user)).statusCode).toBe(403);
  });

  it("keeps a child's code its parent's and its parent fixed, and a root at dictKey -1", async () => {
    const d = await dictionary(BIZ, tenant);
    const other = await dictionary(BIZ, tenant);
    // A child sent with another code (or none matching) takes its parent's.
    const x = await created(BIZ, tenant, {
      code: other.code,
      parentId: d.root,
      dictKey: '9',
      dictValue: '丙',
    });
    const shown = (await t.call('GET', `${BIZ}/detail?id=${x}`, tenant)).body.data;
    expect(shown).toMatchObject({ code: d.code, parentId: d.root });
    // Editing a child cannot move it or recode it.
    const edit = await submit(BIZ, tenant, {
      ...shown,
      code: other.code,
      parentId: other.root,
      dictValue: '丙改',
    });
    expect(edit.body).toMatchObject({ code: 200 });
    expect((await t.call('GET', `${BIZ}/detail?id=${x}`, tenant)).body.data).toMatchObject({
      code: d.code,
      parentId: d.root,
      dictValue: '丙改',
    });
    // A root sent with a key keeps -1.
    const r = await created(BIZ, tenant, { code: code(), dictValue: '根', dictKey: '5' });
    expect((await t.call('GET', `${BIZ}/detail?id=${r}`, tenant)).body.data.dictKey).toBe('-1');
    // A child needs its key, unique within the code.
    const noKey = await submit(BIZ, tenant, {
      parentId: d.root,
      code: d.code,
      dictValue: '丁',
      sort: 1,
      isSealed: 0,
    });
    expect(noKey.body).toMatchObject({ code: 400, msg: m.dictKeyRequired });
    const dup = await submit(BIZ, tenant, {
      parentId: d.root,
      code: d.code,
      dictKey: '1',
      dictValue: '丁',
      sort: 1,
      isSealed: 0,
    });
    expect(dup.body).toMatchObject({ code: 400, msg: m.keyExists });
    const missingParent = await submit(BIZ, tenant, {
      parentId: '1999999999999999999',
      code: d.code,
      dictKey: '7',
      dictValue: '戊',
      sort: 1,
      isSealed: 0,
    });
    expect(missingParent.body).toMatchObject({ code: 400, msg: TreeMessage.parentMissing });
  });

  it("renaming a root's code renames its items; a code in use elsewhere is refused", async () => {
    const d = await dictionary(DICT, platform);
    const renamed = code();
    const root = (await t.call('GET', `${DICT}/detail?id=${d.root}`, platform)).body.data;
    expect((await submit(DICT, platform, { ...root, code: renamed })).body).toMatchObject({ code: 200 });
    expect((await lookup(DICT, platform, renamed)).map((i) => i.id)).toEqual([d.a, d.b1, d.b]);
    expect(await lookup(DICT, platform, d.code)).toEqual([]);
    const clash = await submit(DICT, platform, { ...root, code: 'sex' });
    expect(clash.body).toMatchObject({ code: 400 });
    expect((await lookup(DICT, platform, renamed)).length).toBe(3);
  });

  it('refuses to remove a dictionary that still has items; items first, then the root', async () => {
    const d = await dictionary(BIZ, tenant);
    const refused = await t.call('POST', `${BIZ}/remove?ids=${d.root}`, tenant);
    expect(refused.body).toMatchObject({ code: 400, msg: TreeMessage.hasChildren });
    expect((await t.call('POST', `${BIZ}/remove?ids=${d.b}`, tenant)).body.msg).toBe(TreeMessage.hasChildren);
    expect((await t.call('GET', `${BIZ}/detail?id=${d.root}`, tenant)).statusCode).toBe(200);
    expect((await t.call('POST', `${BIZ}/remove?ids=${d.b1},${d.b},${d.a}`, tenant)).body.code).toBe(200);
    expect((await t.call('POST', `${BIZ}/remove?ids=${d.root}`, tenant)).body.code).toBe(200);
  });

  it('hides sealed items from dictionary and shows them again when unsealed (0 ↔ 1)', async () => {
    const d = await dictionary(BIZ, tenant);
    const item = (await t.call('GET', `${BIZ}/detail?id=${d.a}`, tenant)).body.data;
    expect((await lookup(BIZ, tenant, d.code)).map((i) => i.id)).toContain(d.a);
    expect((await submit(BIZ, tenant, { ...item, isSealed: 1 })).body.code).toBe(200);
    expect((await lookup(BIZ, tenant, d.code)).map((i) => i.id)).not.toContain(d.a);
    expect((await submit(BIZ, tenant, { ...item, isSealed: 0 })).body.code).toBe(200);
    expect((await lookup(BIZ, tenant, d.code)).map((i) => i.id)).toContain(d.a);
  });

  it('keeps business dictionaries per tenant and the system dictionary for the platform to write', async () => {
    const d = await dictionary(BIZ, tenant);
    expect(await lookup(BIZ, platform, d.code)).toEqual([]);
    expect((await t.call('GET', `${BIZ}/child-list?parentId=${d.root}`, platform)).body.data).toEqual([]);
    const sys = await submit(DICT, tenant, {
      code: code(),
      dictValue: 'x',
      dictKey: '-1',
      sort: 1,
      isSealed: 0,
    });
    expect(sys.statusCode).toBe(403);
    // Everyone signed in reads the system dictionary.
    expect((await lookup(DICT, user, 'sex')).length).toBeGreaterThan(0);
  });

  it('serves dictionary from memory and drops it at once when an entry changes', async () => {
    const d = await dictionary(DICT, platform);
    expect((await lookup(DICT, user, d.code)).map((i) => i.dictValue)).toEqual(['甲', '乙一', '乙']);
    t.sql.length = 0;
    expect((await lookup(DICT, user, d.code)).map((i) => i.dictValue)).toEqual(['甲', '乙一', '乙']);
    expect(t.sql.filter((s) => s.includes('cube_dict'))).toEqual([]);
    const a = (await t.call('GET', `${DICT}/detail?id=${d.a}`, platform)).body.data;
    expect((await submit(DICT, platform, { ...a, dictValue: '甲改' })).body.code).toBe(200);
    expect((await lookup(DICT, user, d.code)).map((i) => i.dictValue)).toEqual(['甲改', '乙一', '乙']);
    // Any write to the table drops it, whoever makes it (here not through the dictionary routes).
    await withPlatformScope(() =>
      t.deps.db.db.updateTable('cubeDict').set({ dictValue: '手改' }).where('id', '=', d.b).execute(),
    );
    expect((await lookup(DICT, user, d.code)).map((i) => i.dictValue)).toEqual(['甲改', '乙一', '手改']);
  });
});

const redisUrl = process.env.CUBE_TEST_REDIS_URL;

interface Instance {
  app: FastifyInstance;
  db: DatabaseHandle;
  store: SharedStore;
  sql: string[];
  close(): Promise<void>;
}

/**
 * Two instances sharing one database and one Redis: an entry changed through one of them is answered changed by
 * the other on the very next request, although the other answered it from memory before.
 */
describe.skipIf(!redisUrl).each(dialects)(
  'dictionary cache across two instances sharing Redis on %s',
  (dialect) => {
    let base: TestApp;
    let a: Instance;
    let b: Instance;
    let platform: string;
    let tenant: string;

    const instance = async (prefix: string): Promise<Instance> => {
      const sql: string[] = [];
      const db = openDatabase(base.config.database, { onQuery: (s) => sql.push(s), poolSize: 3 });
      const store = new RedisStore(RedisStore.connect(redisUrl as string).redis, prefix);
      const { app } = await buildApp({ config: base.config, db, store, logger: false });
      return {
        app,
        db,
        store,
        sql,
        async close() {
          await app.close();
          await store.close();
          await db.close();
        },
      };
    };
    const call = async (i: Instance, method: 'GET' | 'POST', url: string, token: string, body?: object) => {
      const res = await i.app.inject({
        method,
        url,
        headers: { authorization: basic(), 'cube-auth': `bearer ${token}` },
        ...(body ? { payload: body } : {}),
      });
      return JSON.parse(res.body);
    };

    beforeAll(async () => {
      base = await createTestApp(dialect);
      platform = (await base.token(DEMO.platformAdmin)).access_token;
      tenant = (await base.token(DEMO.tenantAdmin)).access_token;
      const prefix = `cube-test-dict:${process.pid}:${Date.now()}:`;
      a = await instance(prefix);
      b = await instance(prefix);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await base?.close();
    });

    const flowOnB = async (token: string) =>
      (
        (await call(b, 'GET', `${BIZ}/dictionary?code=flow`, token)).data as Array<{
          dictKey: string;
          dictValue: string;
        }>
      ).map((i) => `${i.dictKey}:${i.dictValue}`);

    it('a business dictionary entry changed on one instance is answered changed by the other at once', async () => {
      const before = await flowOnB(tenant);
      b.sql.length = 0;
      expect(await flowOnB(tenant)).toEqual(before);
      expect(b.sql.filter((s) => s.includes('cube_dict_biz'))).toEqual([]);

      const root = (await call(a, 'GET', `${BIZ}/parent-list?code=flow`, tenant)).data.records[0];
      const items = (await call(a, 'GET', `${BIZ}/child-list?parentId=${root.id}`, tenant)).data;
      const first = items.find((i: { dictKey: string }) => i.dictKey === '1');
      const saved = await call(a, 'POST', `${BIZ}/submit`, tenant, {
        ...first,
        dictValue: '发明专利全流程（新）',
      });
      expect(saved.code).toBe(200);
      expect(await flowOnB(tenant)).toContain('1:发明专利全流程（新）');

      // Sealing removes it everywhere; the platform tenant's own flow dictionary is untouched.
      expect((await call(a, 'POST', `${BIZ}/submit`, tenant, { ...first, isSealed: 1 })).code).toBe(200);
      expect((await flowOnB(tenant)).map((s) => s.split(':')[0])).toEqual(['2', '3']);
      expect((await flowOnB(platform)).map((s) => s.split(':')[0])).toEqual(['1', '2', '3']);
    });

    it('a system dictionary entry changed on one instance is answered changed by the other at once', async () => {
      const sexOnB = async () =>
        (
          (await call(b, 'GET', `${DICT}/dictionary?code=sex`, tenant)).data as Array<{ dictValue: string }>
        ).map((i) => i.dictValue);
      const before = await sexOnB();
      const root = (await call(a, 'GET', `${DICT}/parent-list?code=sex`, platform)).data.records[0];
      const items = (await call(a, 'GET', `${DICT}/child-list?parentId=${root.id}`, platform)).data;
      expect(
        (await call(a, 'POST', `${DICT}/submit`, platform, { ...items[0], dictValue: '男士' })).code,
      ).toBe(200);
      expect(await sexOnB()).toEqual(['男士', ...before.slice(1)]);
    });
  },
);

// Keeps the business variant's messages the system one's (one form serves both screens).
it('uses one set of messages for both dictionaries', () => {
  expect(dictBizEntity.messages).toEqual(dictEntity.messages);
});
