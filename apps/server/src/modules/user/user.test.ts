import { AuthMessage, postEntity, USER_EXCEL_COLUMNS, userEntity } from '@cube/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant, makeRole, signInAs } from '../../../test/authority-fixtures.js';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { USER_COUNT_CAP } from './user-query.js';

/** Demo tenant 100000 (seed/demo-data.ts, seed/users.ts). */
const TENANT = '100000';
const ROLE_ADMIN = '1123598816738675202';
const ROLE_USER = '1123598816738675203';
const DEPT_ROOT = '1123598813738675202';
const DEPT_PATENT = '1123598813738675203';
const DEPT_TRADEMARK = '1123598813738675204';
const ADMIN_ID = '1123598821738675202';
const USER_ID = '1123598821738675203';
const POST_STAFF = '1123598817738675218';
const M = userEntity.messages;

/** A multipart body with one `file` part, as a browser's upload sends it. */
function multipart(file: Buffer, filename = 'users.xlsx', fields: Record<string, string> = {}) {
  const boundary = `----cube${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'content-type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

type SheetRow = Partial<Record<(typeof USER_EXCEL_COLUMNS)[number]['header'], string | number | Date>>;

async function workbook(rows: SheetRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户数据');
  sheet.addRow(USER_EXCEL_COLUMNS.map((c) => c.header));
  for (const row of rows) sheet.addRow(USER_EXCEL_COLUMNS.map((c) => row[c.header] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readSheet(buffer: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
  );
  return rows;
}

describe.each(dialects)('users on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let seq = 0;
  const account = () => `ut.${dialect}.${++seq}`;
  const newUser = (extra: Record<string, unknown> = {}) => ({
    account: account(),
    name: '测试',
    realName: '测试用户',
    roleId: ROLE_USER,
    deptId: DEPT_PATENT,
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/cube-user/submit', admin, newUser(extra));
    expect(res.body, res.raw).toMatchObject({ code: 200 });
    return res.body.data as { id: string; initPassword?: string };
  };
  const postRow = async (id: string) =>
    (await t.call('GET', `/api/cube-system/post/detail?id=${id}`, admin)).body.data as Record<
      string,
      unknown
    >;
  const raw = <T>(run: () => Promise<T>) => withPlatformScope(run);
  const deptRows = (userId: string) =>
    raw(() =>
      t.deps.db.db
        .selectFrom('cubeUserDept')
        .select(['deptId', 'tenantId'])
        .where('userId', '=', userId)
        .execute(),
    );
  const upload = (file: Buffer, query = '', token = admin) => {
    const body = multipart(file);
    return t.app
      .inject({
        method: 'POST',
        url: `/api/cube-user/import-user${query}`,
        payload: body.payload,
        headers: { 'content-type': body.contentType, authorization: basic(), 'cube-auth': `bearer ${token}` },
      })
      .then((res) => ({ statusCode: res.statusCode, body: JSON.parse(res.body) }));
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pages by department subtree, with names of roles, departments and posts, never a password', async () => {
    const both = await create({ deptId: `${DEPT_PATENT},${DEPT_TRADEMARK}`, postId: POST_STAFF });
    const trademark = await create({ deptId: DEPT_TRADEMARK });
    const underRoot = await t.call('GET', `/api/cube-user/page?deptId=${DEPT_ROOT}&size=200`, admin);
    const rootIds = underRoot.body.data.records.map((r: { id: string }) => r.id);
    expect(rootIds).toEqual(expect.arrayContaining([both.id, trademark.id, USER_ID, ADMIN_ID]));
    const patent = await t.call('GET', `/api/cube-user/page?deptId=${DEPT_PATENT}&size=200`, admin);
    const patentIds = patent.body.data.records.map((r: { id: string }) => r.id);
    expect(patentIds).toContain(both.id);
    expect(patentIds).not.toContain(trademark.id);
    const shown = patent.body.data.records.find((r: { id: string }) => r.id === both.id);
    expect(shown).toMatchObject({
      password: '',
      roleName: '普通用户',
      deptName: '专利代理部,商标事务部',
      postName: '普通员工',
      tenantName: '立方知识产权代理有限公司',
    });
    expect(patent.raw).not.toContain('$argon2');
    expect((await t.call('GET', '/api/cube-user/page?deptId=abc', admin)).statusCode).toBe(400);
    // Another tenant's department filters to nothing.
    const foreign = await t.call('GET', '/api/cube-user/page?deptId=1123598813738675201', admin);
    expect(foreign.body.data.records).toEqual([]);
  });

  it('reads a page in one statement once its names are kept, two the first time: the rows with their count, and one for every name and label', async () => {
    const shownAccount = account();
    const shown = await create({ account: shownAccount, deptId: DEPT_PATENT, postId: POST_STAFF, sex: 1 });
    // A write to a labelled table drops the kept names: the next page reads them again.
    await t.call('POST', '/api/cube-system/post/submit', admin, { ...(await postRow(POST_STAFF)) });
    t.sql.length = 0;
    await t.call('GET', '/api/cube-user/page?current=1&size=10', admin);
    const first = t.sql.filter((s) => !s.includes('set_config'));
    expect(first).toHaveLength(2);
    expect(first[1]).toMatch(/union all/i);
    t.sql.length = 0;
    const page = await t.call('GET', `/api/cube-user/page?account=${shownAccount}`, admin);
    expect(page.body.data.records).toEqual([
      expect.objectContaining({
        id: shown.id,
        roleName: '普通用户',
        deptName: '专利代理部',
        postName: '普通员工',
        sexName: '男',
        userTypeName: 'WEB',
        tenantName: '立方知识产权代理有限公司',
      }),
    ]);
    // Without the row scope's own statement (set once per connection and scope).
    const statements = t.sql.filter((s) => !s.includes('set_config'));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/count\(\*\)/i);
  });

  it('shows a renamed department, role and post on the very next page', async () => {
    const { id } = await create({ account: account(), deptId: DEPT_PATENT, postId: POST_STAFF });
    const shown = async () =>
      (
        await t.call('GET', `/api/cube-user/page?deptId=${DEPT_PATENT}&size=200`, admin)
      ).body.data.records.find((r: { id: string }) => r.id === id);
    expect(await shown()).toMatchObject({
      deptName: '专利代理部',
      postName: '普通员工',
      roleName: '普通用户',
    });
    const dept = (await t.call('GET', `/api/cube-system/dept/detail?id=${DEPT_PATENT}`, admin)).body.data;
    const post = await postRow(POST_STAFF);
    const role = (await t.call('GET', `/api/cube-system/role/detail?id=${ROLE_USER}`, admin)).body.data;
    try {
      expect(
        (await t.call('POST', '/api/cube-system/dept/submit', admin, { ...dept, deptName: '专利一部' })).body
          .code,
      ).toBe(200);
      expect(await shown()).toMatchObject({ deptName: '专利一部' });
      expect(
        (await t.call('POST', '/api/cube-system/post/submit', admin, { ...post, postName: '代理人' })).body
          .code,
      ).toBe(200);
      expect(await shown()).toMatchObject({ postName: '代理人' });
      expect(
        (await t.call('POST', '/api/cube-system/role/submit', admin, { ...role, roleName: '员工' })).body
          .code,
      ).toBe(200);
      expect(await shown()).toMatchObject({ roleName: '员工' });
    } finally {
      await t.call('POST', '/api/cube-system/dept/submit', admin, dept);
      await t.call('POST', '/api/cube-system/post/submit', admin, post);
      await t.call('POST', '/api/cube-system/role/submit', admin, role);
    }
    expect(await shown()).toMatchObject({
      deptName: '专利代理部',
      postName: '普通员工',
      roleName: '普通用户',
    });
  });

  it('keeps cube_user_dept in step with dept_id on create, update and remove', async () => {
    const { id } = await create({ deptId: DEPT_PATENT });
    expect(await deptRows(id)).toEqual([{ deptId: DEPT_PATENT, tenantId: TENANT }]);
    const changed = await t.call('POST', '/api/cube-user/update', admin, {
      ...newUser(),
      id,
      deptId: `${DEPT_TRADEMARK},${DEPT_ROOT}`,
    });
    expect(changed.body.code).toBe(200);
    expect((await deptRows(id)).map((r) => r.deptId).sort()).toEqual([DEPT_ROOT, DEPT_TRADEMARK].sort());
    await t.call('POST', `/api/cube-user/remove?ids=${id}`, admin);
    expect(await deptRows(id)).toEqual([]);
    // The seeded accounts got their rows too.
    expect(await deptRows(USER_ID)).toEqual([{ deptId: DEPT_PATENT, tenantId: TENANT }]);
  });

  it('creates with a typed or an initial password that must be changed at the first sign-in', async () => {
    const typed = newUser({ password: 'Typed#2026' });
    expect(
      (await t.call('POST', '/api/cube-user/submit', admin, typed)).body.data.initPassword,
    ).toBeUndefined();
    const login = await t.login({
      tenantId: TENANT,
      username: typed.account as string,
      password: 'Typed#2026',
    });
    expect(login.body.password_must_change).toBe(true);
    const session = login.body.access_token as string;
    expect((await t.call('GET', '/api/cube-desk/notice/my', session)).body.msg).toBe(
      AuthMessage.PASSWORD_MUST_CHANGE,
    );

    const generated = newUser();
    const res = await t.call('POST', '/api/cube-user/submit', admin, generated);
    expect(res.body.data.initPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    const first = await t.login({
      tenantId: TENANT,
      username: generated.account as string,
      password: res.body.data.initPassword,
    });
    expect(first.statusCode).toBe(200);
    const stored = await raw(() =>
      t.deps.db.db
        .selectFrom('cubeUser')
        .select('password')
        .where('id', '=', res.body.data.id)
        .executeTakeFirst(),
    );
    expect(stored?.password).toMatch(/^\$argon2id\$/);
  });

  it('refuses a taken account, unknown roles, and an update of the password through submit', async () => {
    const first = newUser({ password: 'First#2026' });
    const { id } = (await t.call('POST', '/api/cube-user/submit', admin, first)).body.data;
    const again = await t.call('POST', '/api/cube-user/submit', admin, newUser({ account: first.account }));
    expect(again.body).toMatchObject({ code: 400, msg: M.accountExists });
    // Saber's edit form echoes a password field: an update never changes the password.
    await t.call('POST', '/api/cube-user/submit', admin, { ...first, id, password: 'Other#2026' });
    const login = await t.login({
      tenantId: TENANT,
      username: first.account as string,
      password: 'First#2026',
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an account that reads like an existing one, on create, rename and import; a different one is fine', async () => {
    const base = `lk${dialect}min`;
    const first = await create({ account: base });
    const lookalikes = [
      `lk${dialect}rnin`,
      `lk${dialect}m1n`,
      `LK${dialect.toUpperCase()}MlN`,
      `lk${dialect}mln`,
    ];
    for (const like of lookalikes) {
      const res = await t.call('POST', '/api/cube-user/submit', admin, newUser({ account: like }));
      expect(res.body, like).toMatchObject({ code: 400, msg: M.accountLookalike });
    }
    const other = await create({ account: `${base}2` });
    // Renaming a user into a look-alike is refused; keeping its own account, or its own look-alike alone, is not.
    const detail = (await t.call('GET', `/api/cube-user/detail?id=${other.id}`, admin)).body.data;
    const renamed = await t.call('POST', '/api/cube-user/submit', admin, {
      ...detail,
      account: lookalikes[0],
      password: undefined,
    });
    expect(renamed.body).toMatchObject({ code: 400, msg: M.accountLookalike });
    const kept = await t.call('POST', '/api/cube-user/submit', admin, { ...detail, password: undefined });
    expect(kept.body, kept.raw).toMatchObject({ code: 200 });
    const firstDetail = (await t.call('GET', `/api/cube-user/detail?id=${first.id}`, admin)).body.data;
    const own = await t.call('POST', '/api/cube-user/submit', admin, {
      ...firstDetail,
      account: `lk${dialect}m1n`,
      password: undefined,
    });
    expect(own.body, own.raw).toMatchObject({ code: 200 });
    const imported = await upload(
      await workbook([
        {
          登录账号: `lk${dialect}rnln`,
          用户昵称: '形近',
          用户姓名: '形近',
          所属角色: '普通用户',
          所属部门: '专利代理部',
        },
      ]),
    );
    expect(imported.statusCode).toBe(400);
    expect(JSON.stringify(imported.body)).toContain(M.accountLookalike);
    const refused = [lookalikes[0]!, lookalikes[2]!, lookalikes[3]!, `lk${dialect}rnln`];
    const stored = await raw(() =>
      t.deps.db.db.selectFrom('cubeUser').select('account').where('account', 'in', refused).execute(),
    );
    expect(stored).toEqual([]);
  });

  it('refuses an import by a non-administrator that drops the role narrowing their own account', async () => {
    const platform = (await t.token(DEMO.platformAdmin)).access_token;
    const menus = await raw(() =>
      t.deps.db.db.selectFrom('cubeMenu').select(['id', 'code', 'parentId']).execute(),
    );
    const withParents = (codes: string[]) => {
      const ids = new Set(menus.filter((m) => codes.includes(m.code)).map((m) => String(m.id)));
      for (const id of [...ids]) {
        let parent = menus.find((m) => String(m.id) === id)?.parentId;
        while (parent && String(parent) !== '0') {
          ids.add(String(parent));
          parent = menus.find((m) => String(m.id) === String(parent))?.parentId;
        }
      }
      return [...ids];
    };
    const leadMenu = String(menus.find((m) => m.code === 'lead')?.id);
    const rule = await t.call('POST', '/api/cube-system/data-scope/submit', platform, {
      menuId: leadMenu,
      scopeName: '客户咨询-本人',
      scopeType: 2,
      scopeValue: '',
    });
    expect(rule.statusCode, rule.raw).toBe(200);
    const narrowing = await makeRole(t, admin, '导入管理员');
    const wide = await makeRole(t, admin, '客户咨询不限');
    const granted = await grant(t, admin, {
      roleIds: [narrowing],
      menuIds: withParents(['user', 'user_import', 'lead']),
      dataScopeIds: [rule.body.data.id],
    });
    expect(granted.statusCode, granted.raw).toBe(200);
    expect((await grant(t, admin, { roleIds: [wide], menuIds: withParents(['lead']) })).statusCode).toBe(200);
    const self = await signInAs(t, [narrowing, wide], [DEPT_PATENT]);
    const own = await raw(() =>
      t.deps.db.db
        .selectFrom('cubeUser')
        .select(['account', 'roleId'])
        .where('id', '=', self.id)
        .executeTakeFirstOrThrow(),
    );
    const file = await workbook([
      {
        登录账号: own.account,
        用户昵称: '自己',
        用户姓名: '自己',
        所属角色: '客户咨询不限',
        所属部门: '专利代理部',
      },
    ]);
    const res = await upload(file, '?isCovered=1', self.token);
    expect(res.body.msg, JSON.stringify(res.body)).toBe('不能放宽自己所属角色的数据权限或接口权限');
    const after = await raw(() =>
      t.deps.db.db
        .selectFrom('cubeUser')
        .select('roleId')
        .where('id', '=', self.id)
        .executeTakeFirstOrThrow(),
    );
    expect(after.roleId).toBe(own.roleId);
  });

  it('enforces the tenant account quota on create and import with a clear message', async () => {
    const count = async () =>
      Number(
        (
          await raw(() =>
            t.deps.db.db
              .selectFrom('cubeUser')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('tenantId', '=', TENANT)
              .where('isDeleted', '=', 0)
              .executeTakeFirst(),
          )
        )?.n,
      );
    const used = await count();
    await raw(() =>
      t.deps.db.db
        .updateTable('cubeTenant')
        .set({ accountNumber: used + 1 })
        .where('tenantId', '=', TENANT)
        .execute(),
    );
    try {
      await create();
      const full = await t.call('POST', '/api/cube-user/submit', admin, newUser());
      expect(full.body).toMatchObject({ code: 400, msg: M.quotaFull });
      const file = await workbook([
        { 登录账号: account(), 用户昵称: '甲', 用户姓名: '甲', 所属角色: '普通用户', 所属部门: '专利代理部' },
      ]);
      const imported = await upload(file);
      expect(imported.statusCode).toBe(400);
      expect(imported.body.msg).toContain(M.quotaFull);
      expect(await count()).toBe(used + 1);
    } finally {
      await raw(() =>
        t.deps.db.db
          .updateTable('cubeTenant')
          .set({ accountNumber: -1 })
          .where('tenantId', '=', TENANT)
          .execute(),
      );
    }
  });

  it('never removes oneself nor leaves the tenant without an enabled administrator', async () => {
    const self = await t.call('POST', `/api/cube-user/remove?ids=${ADMIN_ID}`, admin);
    expect(self.body).toMatchObject({ code: 400, msg: M.removeSelf });
    const demote = await t.call(
      'POST',
      `/api/cube-user/grant?userIds=${ADMIN_ID}&roleIds=${ROLE_USER}`,
      admin,
    );
    expect(demote.body).toMatchObject({ code: 400, msg: M.lastAdmin });
    const disable = await t.call('POST', '/api/cube-user/update', admin, {
      ...newUser({
        account: 'admin',
        name: '张经理',
        realName: '张明远',
        roleId: ROLE_ADMIN,
        deptId: DEPT_ROOT,
      }),
      id: ADMIN_ID,
      status: 0,
    });
    expect(disable.body).toMatchObject({ code: 400, msg: M.disableSelf });
    // With a second administrator the first may be demoted, and the change is undone after.
    const second = await create({ roleId: ROLE_ADMIN });
    const ok = await t.call('POST', `/api/cube-user/grant?userIds=${second.id}&roleIds=${ROLE_USER}`, admin);
    expect(ok.body.code).toBe(200);
    const row = await raw(() =>
      t.deps.db.db.selectFrom('cubeUser').select('roleId').where('id', '=', ADMIN_ID).executeTakeFirst(),
    );
    expect(row?.roleId).toBe(ROLE_ADMIN);
  });

  it('applies role changes and disabling on the very next request of that user', async () => {
    const password = 'Pass#2026x';
    const user = newUser({ password });
    const { id } = (await t.call('POST', '/api/cube-user/submit', admin, user)).body.data;
    // Clear the first-sign-in flag so that the session can call ordinary routes.
    await raw(() =>
      t.deps.db.db.updateTable('cubeUser').set({ passwordMustChange: 0 }).where('id', '=', id).execute(),
    );
    const token = (await t.token({ tenantId: TENANT, username: user.account as string, password }))
      .access_token;
    expect((await t.call('GET', '/api/cube-desk/notice/my', token)).statusCode).toBe(200);
    const granted = await t.call(
      'POST',
      `/api/cube-user/grant?userIds=${id}&roleIds=${ROLE_USER},${ROLE_ADMIN}`,
      admin,
    );
    expect(granted.body.code).toBe(200);
    expect((await t.call('GET', '/api/cube-desk/notice/my', token)).statusCode).toBe(401);

    const again = (await t.token({ tenantId: TENANT, username: user.account as string, password }))
      .access_token;
    expect((await t.call('GET', '/api/cube-desk/notice/my', again)).statusCode).toBe(200);
    const disabled = await t.call('POST', '/api/cube-user/update', admin, {
      ...user,
      id,
      roleId: ROLE_USER,
      status: 0,
    });
    expect(disabled.body.code).toBe(200);
    expect((await t.call('GET', '/api/cube-desk/notice/my', again)).statusCode).toBe(401);
    expect((await t.login({ tenantId: TENANT, username: user.account as string, password })).statusCode).toBe(
      400,
    );
  });

  it('resets passwords (the new one shown once, to be changed) and ends the sessions', async () => {
    const password = 'Before#2026';
    const user = newUser({ password });
    const { id } = (await t.call('POST', '/api/cube-user/submit', admin, user)).body.data;
    const session = (await t.token({ tenantId: TENANT, username: user.account as string, password }))
      .access_token;
    const reset = await t.call('POST', `/api/cube-user/reset-password?userIds=${id}`, admin);
    expect(reset.body.data.initPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await t.call('GET', '/api/cube-user/info', session)).statusCode).toBe(401);
    expect((await t.login({ tenantId: TENANT, username: user.account as string, password })).statusCode).toBe(
      400,
    );
    const fresh = await t.login({
      tenantId: TENANT,
      username: user.account as string,
      password: reset.body.data.initPassword,
    });
    expect(fresh.body.password_must_change).toBe(true);

    // With `account.initPassword` configured, that is the password.
    await raw(() =>
      t.deps.db.db
        .insertInto('cubeParam')
        .values({
          id: '1123598819738675299',
          paramName: '账号初始密码',
          paramKey: 'account.initPassword',
          paramValue: 'Init#2026',
          remark: '',
          createUser: null,
          createDept: null,
          createTime: '2026-01-01 00:00:00',
          updateUser: null,
          updateTime: '2026-01-01 00:00:00',
          status: 1,
          isDeleted: 0,
        })
        .execute(),
    );
    try {
      const byParam = await t.call('POST', `/api/cube-user/reset-password?userIds=${id}`, admin);
      expect(byParam.body.data.initPassword).toBe('Init#2026');
      const login = await t.login({
        tenantId: TENANT,
        username: user.account as string,
        password: 'Init#2026',
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await raw(() =>
        t.deps.db.db.deleteFrom('cubeParam').where('paramKey', '=', 'account.initPassword').execute(),
      );
    }
    expect((await t.call('POST', '/api/cube-user/reset-password', admin)).body).toMatchObject({
      code: 400,
      msg: M.selectUsers,
    });
    // Another tenant's account is not found and keeps its password.
    const foreign = await t.call('POST', '/api/cube-user/reset-password?userIds=1123598821738675201', admin);
    expect(foreign.statusCode).toBe(404);
  });

  it('unlocks an account locked by failed sign-ins', async () => {
    const password = 'Lock#2026x';
    const user = newUser({ password });
    const { id } = (await t.call('POST', '/api/cube-user/submit', admin, user)).body.data;
    for (let i = 0; i < 5; i++)
      await t.login({ tenantId: TENANT, username: user.account as string, password: 'wrong' });
    const locked = await t.login({ tenantId: TENANT, username: user.account as string, password });
    expect(locked.body.error_description).toBe(AuthMessage.TOO_MANY_FAILURES);
    expect((await t.call('POST', `/api/cube-user/unlock?userIds=${id}`, admin)).body.code).toBe(200);
    expect((await t.login({ tenantId: TENANT, username: user.account as string, password })).statusCode).toBe(
      200,
    );
    expect((await t.call('POST', '/api/cube-user/unlock', admin)).body.msg).toBe(M.selectUsers);
  });

  it('lets a non-administrator with user codes neither hand out roles they lack nor touch an administrator', async () => {
    // 普通用户 gets the user page and its buttons for this test.
    const codes = ['user', 'user_add', 'user_edit', 'user_reset', 'user_role'];
    const menus = await raw(() =>
      t.deps.db.db.selectFrom('cubeMenu').select('id').where('code', 'in', codes).execute(),
    );
    await raw(() =>
      t.deps.db.db
        .insertInto('cubeRoleMenu')
        .values(menus.map((m, i) => ({ id: `90000000000000${10 + i}`, roleId: ROLE_USER, menuId: m.id })))
        .execute(),
    );
    const clerk = (await t.token(DEMO.tenantUser)).access_token;
    const escalate = await t.call('POST', '/api/cube-user/submit', clerk, newUser({ roleId: ROLE_ADMIN }));
    expect(escalate.body).toMatchObject({ code: 400, msg: M.roleNotHeld });
    const own = await t.call('POST', '/api/cube-user/submit', clerk, newUser());
    expect(own.body.code).toBe(200);
    expect(
      (await t.call('POST', `/api/cube-user/reset-password?userIds=${ADMIN_ID}`, clerk)).statusCode,
    ).toBe(403);
    const selfPromote = await t.call(
      'POST',
      `/api/cube-user/grant?userIds=${USER_ID}&roleIds=${ROLE_ADMIN}`,
      clerk,
    );
    expect(selfPromote.body.msg).toBe(M.roleNotHeld);
    const granted = menus.map((_, i) => `90000000000000${10 + i}`);
    await raw(() => t.deps.db.db.deleteFrom('cubeRoleMenu').where('id', 'in', granted).execute());
  });

  it('answers 403 to a user without the user codes', async () => {
    const clerk = (await t.token(DEMO.tenantUser)).access_token;
    for (const [method, url] of [
      ['GET', '/api/cube-user/page'],
      ['POST', `/api/cube-user/reset-password?userIds=${ADMIN_ID}`],
      ['POST', `/api/cube-user/grant?userIds=${USER_ID}&roleIds=${ROLE_ADMIN}`],
      ['POST', `/api/cube-user/unlock?userIds=${ADMIN_ID}`],
      ['GET', '/api/cube-user/export-user'],
      ['GET', '/api/cube-user/export-template'],
      ['POST', '/api/cube-user/import-user'],
      ['GET', '/api/cube-user/user-list'],
      ['GET', `/api/cube-user/platform-detail?id=${ADMIN_ID}`],
      ['POST', `/api/cube-user/update-platform?userId=${ADMIN_ID}&userType=2`],
    ] as const)
      expect((await t.call(method, url, clerk)).statusCode, url).toBe(403);
  });

  it('keeps a platform extension per user type, and looks users up by name', async () => {
    const { id } = await create({ realName: '欧阳查询' });
    const set = await t.call(
      'POST',
      `/api/cube-user/update-platform?userId=${id}&userType=2&userExt=${encodeURIComponent('{"device":"ios"}')}`,
      admin,
    );
    expect(set.body.code).toBe(200);
    const detail = await t.call('GET', `/api/cube-user/platform-detail?id=${id}`, admin);
    expect(detail.body.data).toMatchObject({
      id,
      userType: 2,
      userTypeName: 'APP',
      userExt: '{"device":"ios"}',
    });
    expect(
      (await t.call('POST', `/api/cube-user/update-platform?userId=${id}&userType=9`, admin)).body.msg,
    ).toBe(M.userTypeInvalid);
    const found = await t.call(
      'GET',
      `/api/cube-user/queryUserByName?userName=${encodeURIComponent('欧阳')}`,
      admin,
    );
    expect(found.body.data.map((u: { id: string }) => u.id)).toEqual([id]);
    expect(Object.keys(found.body.data[0]).sort()).toEqual(['account', 'id', 'name', 'realName']);
    const list = await t.call(
      'GET',
      `/api/cube-user/user-list?realName=${encodeURIComponent('欧阳')}`,
      admin,
    );
    expect(list.body.data.map((u: { id: string }) => u.id)).toEqual([id]);
  });

  it('imports nothing from a file with errors and reports each by row and column', async () => {
    const taken = newUser();
    await t.call('POST', '/api/cube-user/submit', admin, taken);
    const dup = account();
    const file = await workbook([
      { 登录账号: account(), 用户昵称: '甲', 用户姓名: '甲一', 所属角色: '普通用户', 所属部门: '专利代理部' },
      {
        登录账号: 'bad account',
        用户昵称: '乙',
        用户姓名: '乙一',
        所属角色: '普通用户',
        所属部门: '专利代理部',
      },
      {
        登录账号: dup,
        用户昵称: '丙',
        用户姓名: '丙一',
        手机号码: '123',
        所属角色: '普通用户',
        所属部门: '专利代理部',
      },
      { 登录账号: dup, 用户昵称: '丁', 用户姓名: '丁一', 所属角色: '不存在的角色', 所属部门: '专利代理部' },
      {
        登录账号: taken.account as string,
        用户昵称: '戊',
        用户姓名: '戊一',
        所属角色: '普通用户',
        所属部门: '无此部门',
      },
      {
        登录账号: account(),
        用户昵称: '',
        用户姓名: '己一',
        性别: '男性',
        所属角色: '普通用户',
        所属部门: '专利代理部',
      },
    ]);
    const res = await upload(file);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false, data: { inserted: 0, updated: 0 } });
    const errors = res.body.data.errors as Array<{ row: number; column: string; message: string }>;
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: '登录账号', message: M.accountInvalid },
        { row: 4, column: '手机号码', message: M.phoneLength },
        { row: 5, column: '所属角色', message: '角色“不存在的角色”不存在' },
        { row: 5, column: '登录账号', message: '账号与第4行重复' },
        { row: 6, column: '所属部门', message: '部门“无此部门”不存在' },
        { row: 7, column: '用户昵称', message: M.nameRequired },
        { row: 7, column: '性别', message: '性别应填写 男、女 或 未知' },
      ]),
    );
    expect(errors.some((e) => e.row === 2)).toBe(false);
    const first = await t.call('GET', `/api/cube-user/page?realName=${encodeURIComponent('甲一')}`, admin);
    expect(first.body.data.total).toBe(0);
    const csv = multipart(Buffer.from('a,b'), 'users.csv');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/cube-user/import-user',
      payload: csv.payload,
      headers: {
        'content-type': csv.contentType,
        authorization: basic(),
        'cube-auth': `bearer ${admin}`,
      },
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('imports a valid file in one go, and overwrites existing accounts only when asked', async () => {
    const existing = newUser({ password: 'Keep#2026' });
    const { id } = (await t.call('POST', '/api/cube-user/submit', admin, existing)).body.data;
    const fresh = account();
    const rows: SheetRow[] = [
      {
        登录账号: fresh,
        用户昵称: '小周',
        用户姓名: '周新人',
        手机号码: 13900001111,
        电子邮箱: 'zhou@example.com',
        性别: '女',
        生日: new Date(Date.UTC(1995, 5, 1)),
        所属角色: '普通用户',
        所属部门: '立方知识产权/商标事务部, 专利代理部',
        所属岗位: '普通员工',
      },
      {
        登录账号: existing.account as string,
        用户昵称: '改名',
        用户姓名: '覆盖后的姓名',
        所属角色: '普通用户',
        所属部门: '商标事务部',
      },
    ];
    const refused = await upload(await workbook(rows));
    expect(refused.statusCode).toBe(400);
    expect(refused.body.data.errors).toEqual([
      { row: 3, column: '登录账号', message: '账号已存在；如需更新已有账号，请选择“覆盖已有账号”' },
    ]);
    const done = await upload(await workbook(rows), '?isCovered=1');
    expect(done.body, JSON.stringify(done.body)).toMatchObject({
      code: 200,
      data: { total: 2, inserted: 1, updated: 1, errors: [] },
    });
    expect(done.body.data.initPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    const created = await t.call('GET', `/api/cube-user/page?account_equal=${fresh}`, admin);
    expect(created.body.data.records[0]).toMatchObject({
      realName: '周新人',
      phone: '13900001111',
      sex: 2,
      birthday: '1995-06-01 00:00:00',
      deptName: '商标事务部,专利代理部',
      postName: '普通员工',
    });
    expect((await deptRows(created.body.data.records[0].id)).length).toBe(2);
    const updated = await t.call('GET', `/api/cube-user/detail?id=${id}`, admin);
    expect(updated.body.data).toMatchObject({ realName: '覆盖后的姓名', deptId: DEPT_TRADEMARK });
    expect(await deptRows(id)).toEqual([{ deptId: DEPT_TRADEMARK, tenantId: TENANT }]);
    // The covered account keeps its password (the file had none for it).
    const login = await t.login({
      tenantId: TENANT,
      username: existing.account as string,
      password: 'Keep#2026',
    });
    expect(login.statusCode).toBe(200);
    const newcomer = await t.login({
      tenantId: TENANT,
      username: fresh,
      password: done.body.data.initPassword,
    });
    expect(newcomer.body.password_must_change).toBe(true);
  });

  it('downloads the template and exports the filtered list as xlsx', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: `/api/cube-user/export-template?cube-auth=${encodeURIComponent(`bearer ${admin}`)}`,
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const header = (await readSheet(template.rawPayload))[0];
    expect(header).toEqual(USER_EXCEL_COLUMNS.map((c) => c.header));

    const marker = `导出${dialect}`;
    await create({ realName: marker, deptId: DEPT_TRADEMARK });
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/cube-user/export-user',
      query: { realName: marker, 'cube-auth': `bearer ${admin}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain("filename*=UTF-8''");
    const rows = await readSheet(exported.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(marker);
    expect(rows[1]).toContain('商标事务部');
    expect(rows.flat().join()).not.toContain('$argon2');
    // A token in the query is accepted only on download routes.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/cube-user/page?cube-auth=${encodeURIComponent(`bearer ${admin}`)}`,
    });
    expect(page.statusCode).toBe(401);
  });

  it('refuses to remove a post some user holds; post select stays in the tenant', async () => {
    const post = await t.call('POST', '/api/cube-system/post/submit', admin, {
      category: 3,
      postCode: `held_${dialect}`,
      postName: '被占用的岗位',
      sort: 50,
    });
    await create({ postId: post.body.data.id });
    const removed = await t.call('POST', `/api/cube-system/post/remove?ids=${post.body.data.id}`, admin);
    expect(removed.body).toMatchObject({ code: 400, msg: postEntity.messages.postInUse });
    const select = await t.call('GET', '/api/cube-system/post/select?tenantId=000000', admin);
    expect(select.body.data.map((p: { postName: string }) => p.postName)).toContain('被占用的岗位');
    expect(select.body.data.map((p: { id: string }) => p.id)).not.toContain('1123598817738675201');
    const platform = (await t.token(DEMO.platformAdmin)).access_token;
    const other = await t.call('GET', `/api/cube-system/post/select?tenantId=${TENANT}`, platform);
    expect(other.body.data.map((p: { postName: string }) => p.postName)).toContain('被占用的岗位');
  });

  it('imports 10,000 users well under a minute (timing printed)', async () => {
    const rows: SheetRow[] = [];
    for (let i = 0; i < 10_000; i++)
      rows.push({
        登录账号: `bulk${dialect}${i}`,
        用户昵称: `批量${i}`,
        用户姓名: `批量用户${i}`,
        手机号码: `139${String(i).padStart(8, '0')}`,
        所属角色: '普通用户',
        所属部门: i % 2 ? '专利代理部' : '商标事务部',
      });
    const built = Date.now();
    const file = await workbook(rows);
    const started = Date.now();
    const res = await upload(file);
    const ms = Date.now() - started;
    expect(res.body.data, JSON.stringify(res.body).slice(0, 500)).toMatchObject({ inserted: 10_000 });
    // biome-ignore lint/suspicious/noConsole: the timing is printed for the report, not asserted
    console.log(
      `[users] ${dialect}: imported 10,000 users (${(file.length / 1024).toFixed(0)} KB) in ${ms} ms`,
    );
    const listed = Date.now();
    const page = await t.call('GET', `/api/cube-user/page?deptId=${DEPT_TRADEMARK}&size=10`, admin);
    // Past USER_COUNT_CAP the total is the cap (SQLite) or PostgreSQL's estimate, never below the cap.
    expect(page.body.data.total).toBeGreaterThanOrEqual(USER_COUNT_CAP);
    expect(page.body.data.records).toHaveLength(10);
    // biome-ignore lint/suspicious/noConsole: printed for the report
    console.log(
      `[users] ${dialect}: xlsx built in ${started - built} ms; page by department in ${Date.now() - listed} ms`,
    );
  }, 120_000);
});
