import { type EntityDefinition, fieldLabel, type InputOf, SECRET_MASK } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatformScope } from '../../src/db/row-scope.js';
import type { TableName } from '../../src/db/types.js';
import { now } from '../../src/platform/dates.js';
import { newId } from '../../src/platform/ids.js';
import { createTestApp, DEMO, dialects, type TestApp } from '../helpers.js';

type Who = keyof typeof DEMO;

/**
 * The CRUD test kit: every admin entity, now and later, runs through the same checks on SQLite and PostgreSQL —
 * tenant walls by id (list, detail, submit, remove), permission codes, mass assignment, unknown filters and sorts,
 * filter values checked by type, the entity's validation messages, comma-list removes from the query or a form body,
 * JSON `null` for optional fields and empty values instead of `null` in answers. An entity's own behaviour (rules,
 * relations) is tested beside it; what every entity must do is tested here once.
 */
export interface CrudKitCase<E extends EntityDefinition> {
  entity: E;
  table: TableName;
  /** Who administers it: a tenant administrator for tenant entities, the platform administrator for global ones. */
  admin: Who;
  /** A caller without the entity's codes (403 everywhere). */
  outsider: Who;
  /** A valid new record; called once per row so that unique fields can differ. */
  sample: (n: number) => InputOf<E>;
  /** A change the admin may make on update. */
  change: Partial<InputOf<E>>;
  /** Invalid inputs with the exact message the server must answer for each. */
  invalid: ReadonlyArray<{ input: Record<string, unknown>; message: string }>;
  /** Input fields that are optional (sent as JSON `null` they must be accepted). */
  optional?: ReadonlyArray<keyof InputOf<E> & string>;
  /** Secret input fields that read back as the secret mask, never as the value written. */
  masked?: ReadonlyArray<keyof InputOf<E> & string>;
  /**
   * The entity's routes take `tenantId` as a choice of tenant (the user screen: the platform administrator's only),
   * so a tenant administrator naming another tenant is refused (403) rather than ignored.
   */
  tenantIsAChoice?: boolean;
}

export function runCrudKit<E extends EntityDefinition>(c: CrudKitCase<E>): void {
  const { entity } = c;
  const api = entity.api;
  const textField = Object.entries(entity.filters).find(([, type]) => type === 'string')?.[0];
  const integerField = Object.entries(entity.filters).find(([, type]) => type === 'integer')?.[0];
  const dateField = Object.entries(entity.filters).find(([, type]) => type === 'date')?.[0];
  const firstInputText = Object.keys(entity.limits)[0];

  describe.each(dialects)(`CRUD kit: ${entity.name} on %s`, (dialect) => {
    let t: TestApp;
    let admin: string;
    let outsider: string;
    let counter = 0;
    const next = () => c.sample(++counter) as Record<string, unknown>;
    const submit = (body: Record<string, unknown>, token = admin) =>
      t.call('POST', `${api}/submit`, token, body);
    const detail = (id: string, token = admin) => t.call('GET', `${api}/detail?id=${id}`, token);
    const create = async (body = next()) => {
      const res = await submit(body);
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, success: true });
      return res.body.data.id as string;
    };
    /** A live row written straight into the database for another tenant (the platform tenant). */
    const foreignRow = async () => {
      const parsed = entity.input.parse(next()) as Record<string, unknown>;
      const id = newId();
      const stamp = now();
      const row = {
        ...parsed,
        id,
        ...(entity.scope === 'tenant' ? { tenantId: '000000' } : {}),
        ...(entity.audit
          ? {
              createUser: '1',
              createDept: '1',
              createTime: stamp,
              updateUser: '1',
              updateTime: stamp,
              status: 1,
            }
          : {}),
        isDeleted: 0,
      };
      await withPlatformScope(() =>
        // biome-ignore lint/suspicious/noExplicitAny: the kit writes any entity's table
        (t.deps.db.db.insertInto(c.table) as any).values(row).execute(),
      );
      return id;
    };
    const readRaw = (id: string) =>
      withPlatformScope(() =>
        // biome-ignore lint/suspicious/noExplicitAny: see foreignRow
        (t.deps.db.db.selectFrom(c.table) as any).selectAll().where('id', '=', id).executeTakeFirst(),
      ) as Promise<Record<string, unknown> | undefined>;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      admin = (await t.token(DEMO[c.admin])).access_token;
      outsider = (await t.token(DEMO[c.outsider])).access_token;
    });
    afterAll(async () => {
      await t.close();
    });

    it('creates, reads, lists, updates and removes a record, answering empty values rather than null', async () => {
      const body = next();
      const id = await create(body);
      const shown = await detail(id);
      // A value the input leaves empty (`null` for an optional id) goes out as ''.
      const masked = new Set<string>(c.masked ?? []);
      const saved = Object.entries(entity.input.parse(body) as Record<string, unknown>).map(([k, v]) => [
        k,
        masked.has(k) && v ? SECRET_MASK : (v ?? ''),
      ]);
      expect(shown.body.data).toMatchObject({ id, ...Object.fromEntries(saved) });
      expect(Object.values(shown.body.data)).not.toContain(null);
      const list = await t.call('GET', `${api}/list?id_equal=${id}`, admin);
      expect(list.statusCode).toBe(200);
      const records = Array.isArray(list.body.data) ? list.body.data : list.body.data.records;
      expect(records.map((r: { id: string }) => r.id)).toEqual([id]);
      expect(Object.values(records[0])).not.toContain(null);
      const changed = await submit({ ...body, ...c.change, id });
      expect(changed.body).toMatchObject({ code: 200, data: { id } });
      expect((await detail(id)).body.data).toMatchObject(entity.input.partial().parse(c.change));
      expect((await t.call('POST', `${api}/remove?ids=${id}`, admin)).body).toMatchObject({ code: 200 });
      expect((await detail(id)).statusCode).toBe(404);
      expect((await readRaw(id))?.isDeleted).toBe(1);
    });

    it('ignores mass-assigned tenant, id, audit and deletion fields', async () => {
      if (c.tenantIsAChoice) {
        const refused = await submit({ ...next(), tenantId: '999999' });
        expect(refused.statusCode).toBe(403);
      }
      const res = await submit({
        ...next(),
        id: '',
        ...(c.tenantIsAChoice ? {} : { tenantId: '999999' }),
        createUser: '42',
        createTime: '2000-01-01 00:00:00',
        updateTime: '2000-01-01 00:00:00',
        isDeleted: 1,
      });
      expect(res.body.code).toBe(200);
      const raw = await readRaw(res.body.data.id);
      expect(raw?.isDeleted).toBe(0);
      if (entity.scope === 'tenant') expect(raw?.tenantId).toBe(DEMO[c.admin].tenantId);
      if (entity.audit) {
        expect(raw?.createUser).not.toBe('42');
        expect(raw?.createTime).not.toBe('2000-01-01 00:00:00');
      }
      // An id that names no row of the caller's is an update of nothing, not a create with a chosen id.
      const chosen = newId();
      expect((await submit({ ...next(), id: chosen })).statusCode).toBe(404);
      expect(await readRaw(chosen)).toBeUndefined();
    });

    it("answers the spec's validation messages and writes nothing", async () => {
      for (const { input, message } of c.invalid) {
        const res = await submit({ ...next(), ...input });
        expect(res.statusCode, JSON.stringify(input)).toBe(400);
        expect(res.body).toMatchObject({ code: 400, success: false, msg: message });
      }
    });

    it('accepts JSON null for optional fields and numbers for ids', async () => {
      const body = next();
      for (const field of c.optional ?? []) body[field] = null;
      const id = await create(body);
      expect((await detail(id)).statusCode).toBe(200);
      const small = await t.app.inject({
        method: 'GET',
        url: `${api}/detail`,
        query: { id },
        headers: { 'cube-auth': `bearer ${admin}` },
      });
      expect(small.statusCode).toBe(200);
    });

    it('refuses unknown filter and sort fields, and filter values of the wrong type, with 400', async () => {
      const unknown = await t.call('GET', `${api}/list?nope=1`, admin);
      expect(unknown.body).toMatchObject({ code: 400, msg: '查询条件不合法', field: 'nope' });
      const sort = await t.call('GET', `${api}/list?descs=nope`, admin);
      expect(sort.body).toMatchObject({ code: 400, msg: '排序字段不合法', field: 'nope' });
      if (integerField) {
        for (const bad of ['1.5', '99999999999', 'abc']) {
          const res = await t.call('GET', `${api}/list?${integerField}=${bad}`, admin);
          expect(res.statusCode, `${integerField}=${bad}`).toBe(400);
          expect(res.body).toMatchObject({
            msg: `请求参数类型错误：${String(fieldLabel(integerField))}`,
            field: integerField,
          });
        }
      }
      if (dateField) {
        for (const bad of ['2024-02-30', '2024-13-01 00:00:00', '2024-01-01 24:00:00']) {
          const res = await t.call(
            'GET',
            `${api}/list?${dateField}_datege=${encodeURIComponent(bad)}`,
            admin,
          );
          expect(res.statusCode, bad).toBe(400);
          expect(res.body).toMatchObject({
            msg: `日期格式不正确：${String(fieldLabel(dateField))}`,
            field: dateField,
          });
        }
      }
      if (textField) {
        const like = await t.call(
          'GET',
          `${api}/list?${textField}=${encodeURIComponent("%' or 1=1 --")}`,
          admin,
        );
        expect(like.statusCode).toBe(200);
      }
    });

    it('refuses a NUL character in text input with 400', async () => {
      if (!firstInputText) return;
      const res = await submit({ ...next(), [firstInputText]: 'a\u0000b' });
      expect(res.statusCode).toBe(400);
      if (textField) {
        const list = await t.call('GET', `${api}/list?${textField}=a%00b`, admin);
        expect(list.statusCode).toBe(400);
      }
    });

    it('removes a comma list of ids from the query string or a form body, all or nothing', async () => {
      const [a, b, d] = [await create(), await create(), await create()];
      const both = await t.call('POST', `${api}/remove?ids=${a},${b}`, admin);
      expect(both.body).toMatchObject({ code: 200 });
      expect((await detail(a)).statusCode).toBe(404);
      expect((await detail(b)).statusCode).toBe(404);
      const form = await t.app.inject({
        method: 'POST',
        url: `${api}/remove`,
        payload: `ids=${d}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'cube-auth': `bearer ${admin}` },
      });
      expect(JSON.parse(form.body)).toMatchObject({ code: 200 });
      expect((await detail(d)).statusCode).toBe(404);
      const missing = await t.call('POST', `${api}/remove`, admin);
      expect(missing.body).toMatchObject({ code: 400, msg: '缺少必要的请求参数：主键集合', field: 'ids' });
      const malformed = await t.call('POST', `${api}/remove?ids=1,abc`, admin);
      expect(malformed.body).toMatchObject({ code: 400, msg: '请求参数类型错误：主键集合', field: 'ids' });
    });

    it('answers 403 to a caller without the entity’s permission codes', async () => {
      const id = await create();
      expect((await t.call('GET', `${api}/list`, outsider)).statusCode).toBe(403);
      expect((await detail(id, outsider)).statusCode).toBe(403);
      expect((await submit(next(), outsider)).statusCode).toBe(403);
      expect((await submit({ ...next(), id }, outsider)).statusCode).toBe(403);
      expect((await t.call('POST', `${api}/remove?ids=${id}`, outsider)).statusCode).toBe(403);
      expect((await detail(id)).statusCode).toBe(200);
    });

    if (entity.scope === 'tenant') {
      it("does not let one tenant list, read, change or remove another tenant's row by id", async () => {
        const foreign = await foreignRow();
        const before = await readRaw(foreign);
        const list = await t.call('GET', `${api}/list?id_equal=${foreign}`, admin);
        const records = Array.isArray(list.body.data) ? list.body.data : list.body.data.records;
        expect(records).toEqual([]);
        expect((await detail(foreign)).statusCode).toBe(404);
        expect((await submit({ ...next(), ...c.change, id: foreign })).statusCode).toBe(404);
        expect((await t.call('POST', `${api}/remove?ids=${foreign}`, admin)).statusCode).toBe(404);
        const own = await create();
        expect((await t.call('POST', `${api}/remove?ids=${own},${foreign}`, admin)).statusCode).toBe(404);
        expect((await detail(own)).statusCode).toBe(200);
        expect(await readRaw(foreign)).toEqual(before);
      });
    } else {
      it('lets only the platform administrator write platform-global rows', async () => {
        const tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
        const id = await create();
        const before = await readRaw(id);
        expect((await submit(next(), tenantAdmin)).statusCode).toBe(403);
        expect((await submit({ ...next(), ...c.change, id }, tenantAdmin)).statusCode).toBe(403);
        expect((await t.call('POST', `${api}/remove?ids=${id}`, tenantAdmin)).statusCode).toBe(403);
        expect(await readRaw(id)).toEqual(before);
      });
    }
  });
}
