import { type EntityDefinition, fieldLabel } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatformScope } from '../../src/db/row-scope.js';
import type { TableName } from '../../src/db/types.js';
import { newId } from '../../src/platform/ids.js';
import { createTestApp, DEMO, dialects, type TestApp } from '../helpers.js';

type Who = keyof typeof DEMO;

/**
 * The CRUD kit's checks for entities the server writes itself and the API only reads (the logs): `readOnly`
 * registrations have `list` and `detail`, no `submit`/`remove`. What `runCrudKit` checks through `submit` is
 * checked here on rows written straight into the table: tenant walls by id, permission codes, unknown filters and
 * sorts, filter values by type, empty values instead of null — on SQLite and PostgreSQL. Tenant entities only.
 */
export interface ReadOnlyKitCase<E extends EntityDefinition> {
  entity: E;
  table: TableName;
  /** Reads the entity in its own tenant. */
  admin: Who;
  /** Holds none of the entity's codes. */
  outsider: Who;
  /** A complete row (without id and tenant) as the server would write it. */
  row: (n: number) => Record<string, unknown>;
}

export function runReadOnlyCrudKit<E extends EntityDefinition>(c: ReadOnlyKitCase<E>): void {
  const { entity } = c;
  const api = entity.api;
  const integerField = Object.entries(entity.filters).find(([, type]) => type === 'integer')?.[0];
  const dateField = Object.entries(entity.filters).find(([, type]) => type === 'date')?.[0];
  const textField = Object.entries(entity.filters).find(([, type]) => type === 'string')?.[0];

  describe.each(dialects)(`read-only CRUD kit: ${entity.name} on %s`, (dialect) => {
    let t: TestApp;
    let admin: string;
    let outsider: string;
    let counter = 0;
    const insert = async (tenantId: string) => {
      const id = newId();
      await withPlatformScope(() =>
        // biome-ignore lint/suspicious/noExplicitAny: the kit writes any entity's table
        (t.deps.db.db.insertInto(c.table) as any)
          .values({ ...c.row(++counter), id, tenantId, isDeleted: 0 })
          .execute(),
      );
      return id;
    };
    const list = async (query: string, token = admin) => {
      const res = await t.call('GET', `${api}/list?${query}`, token);
      return { res, records: (res.body?.data?.records ?? []) as Array<Record<string, unknown>> };
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      admin = (await t.token(DEMO[c.admin])).access_token;
      outsider = (await t.token(DEMO[c.outsider])).access_token;
    });
    afterAll(async () => {
      await t.close();
    });

    it('lists and reads its own rows as the record shape, with empty values rather than null', async () => {
      const id = await insert(DEMO[c.admin].tenantId);
      const { res, records } = await list(`id_equal=${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toMatchObject({ total: 1, current: 1 });
      expect(records.map((r) => r.id)).toEqual([id]);
      const detail = await t.call('GET', `${api}/detail?id=${id}`, admin);
      expect(detail.statusCode).toBe(200);
      expect(entity.record.safeParse(detail.body.data).success).toBe(true);
      for (const [key, value] of Object.entries(detail.body.data))
        if (key !== 'lineNumber') expect(value, key).not.toBeNull();
    });

    it('has no write routes', async () => {
      const id = await insert(DEMO[c.admin].tenantId);
      for (const path of ['submit', 'save', 'update', `remove?ids=${id}`]) {
        const res = await t.call('POST', `${api}/${path}`, admin, {});
        expect([404, 405], path).toContain(res.statusCode);
      }
      expect((await t.call('GET', `${api}/detail?id=${id}`, admin)).statusCode).toBe(200);
    });

    it("never shows another tenant's row to a tenant administrator", async () => {
      const foreign = await insert('000000');
      expect((await list(`id_equal=${foreign}`)).records).toEqual([]);
      expect((await t.call('GET', `${api}/detail?id=${foreign}`, admin)).statusCode).toBe(404);
      // Naming another tenant is the platform administrator's alone.
      const named = await t.call('GET', `${api}/list?tenantId=000000`, admin);
      expect(named.statusCode).toBe(403);
      const namedDetail = await t.call('GET', `${api}/detail?id=${foreign}&tenantId=000000`, admin);
      expect(namedDetail.statusCode).toBe(403);
    });

    it("lets the platform administrator read one named tenant's rows", async () => {
      const platform = (await t.token(DEMO.platformAdmin)).access_token;
      const tenantRow = await insert(DEMO[c.admin].tenantId);
      const own = await list(`id_equal=${tenantRow}`, platform);
      expect(own.records).toEqual([]);
      const named = await list(`id_equal=${tenantRow}&tenantId=${DEMO[c.admin].tenantId}`, platform);
      expect(named.records.map((r) => r.id)).toEqual([tenantRow]);
      const detail = await t.call(
        'GET',
        `${api}/detail?id=${tenantRow}&tenantId=${DEMO[c.admin].tenantId}`,
        platform,
      );
      expect(detail.statusCode).toBe(200);
      const bad = await t.call('GET', `${api}/list?tenantId=${encodeURIComponent("1' or '1")}`, platform);
      expect(bad.statusCode).toBe(400);
    });

    it('answers 403 to a caller without the entity’s codes', async () => {
      const id = await insert(DEMO[c.outsider].tenantId);
      expect((await t.call('GET', `${api}/list`, outsider)).statusCode).toBe(403);
      expect((await t.call('GET', `${api}/detail?id=${id}`, outsider)).statusCode).toBe(403);
    });

    it('refuses unknown filter and sort fields, and filter values of the wrong type, with 400', async () => {
      expect((await list('nope=1')).res.body).toMatchObject({
        code: 400,
        msg: '查询条件不合法',
        field: 'nope',
      });
      expect((await list('descs=nope')).res.body).toMatchObject({
        code: 400,
        msg: '排序字段不合法',
        field: 'nope',
      });
      if (integerField) {
        const res = (await list(`${integerField}=abc`)).res;
        expect(res.body).toMatchObject({
          msg: `请求参数类型错误：${String(fieldLabel(integerField))}`,
          field: integerField,
        });
      }
      if (dateField) {
        const res = (await list(`${dateField}_datege=2024-02-30`)).res;
        expect(res.body).toMatchObject({
          msg: `日期格式不正确：${String(fieldLabel(dateField))}`,
          field: dateField,
        });
      }
      if (textField) {
        expect((await list(`${textField}=${encodeURIComponent("%' or 1=1 --")}`)).res.statusCode).toBe(200);
        expect((await list(`${textField}=a%00b`)).res.statusCode).toBe(400);
      }
      const missing = await t.call('GET', `${api}/detail`, admin);
      expect(missing.statusCode).toBe(400);
    });
  });
}
