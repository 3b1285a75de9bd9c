import { AuthMessage, tenantEntity, tenantPackageEntity } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { withPlatformScope } from '../../../db/row-scope.js';
import { newId } from '../../../platform/ids.js';
import { md5Hex } from '../../../platform/passwords.js';

/**
 * Tenancy behaviour beyond the CRUD kit: provisioning in one transaction, the first password, removal and
 * expiry stopping sign-ins and sessions, `setting` for several tenants, and the package limiting menus, buttons,
 * top menus and permission codes on the very next request.
 */
const DESK = '1123598815738675220';
const NOTICE = '1123598815738675221';
const NOTICE_ADD = '1123598815738675222';
const T = '/api/cube-system/tenant';
const P = '/api/cube-system/tenant-package';

describe.each(dialects)('tenancy on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let n = 0;
  const raw = <R>(work: () => Promise<R>) => withPlatformScope(work);

  const createPackage = async (menuId: string) => {
    const res = await t.call('POST', `${P}/submit`, admin, { packageName: `包${++n}-${Date.now()}`, menuId });
    expect(res.body, res.raw).toMatchObject({ code: 200 });
    return res.body.data.id as string;
  };
  const createTenant = async (extra: Record<string, unknown> = {}) => {
    const res = await t.call('POST', `${T}/submit`, admin, {
      tenantName: `测试公司${++n}-${Date.now()}`,
      linkman: '周测试',
      contactNumber: '021-5555 6666',
      ...extra,
    });
    expect(res.body, res.raw).toMatchObject({ code: 200 });
    return res.body.data as { id: string; tenantId: string; adminAccount: string; adminPassword?: string };
  };
  /** Signs in as a new tenant's administrator and replaces the first password, as the console makes them. */
  const firstSignIn = async (tenantId: string, password: string) => {
    const first = await t.token({ tenantId, username: 'admin', password });
    const newPassword = 'Changed@2026';
    const changed = await t.call(
      'POST',
      `/api/cube-user/update-password?oldPassword=${md5Hex(password)}&newPassword=${md5Hex(newPassword)}&newPassword1=${md5Hex(newPassword)}`,
      first.access_token,
    );
    expect(changed.body, changed.raw).toMatchObject({ code: 200 });
    return (await t.token({ tenantId, username: 'admin', password: newPassword })).access_token;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.platformAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('provisions a tenant in one go: id, role, department, post, administrator, dictionaries, package menus', async () => {
    const packageId = await createPackage(`${DESK},${NOTICE}`);
    const created = await createTenant({ packageId });
    expect(created.tenantId).toMatch(/^\d{6}$/);
    expect(created.adminAccount).toBe('admin');
    expect(created.adminPassword).toMatch(/^\S{14}$/);
    const tenantId = created.tenantId;
    const [roles, depts, posts, users, dicts, template] = await raw(() =>
      Promise.all([
        t.deps.db.db.selectFrom('cubeRole').selectAll().where('tenantId', '=', tenantId).execute(),
        t.deps.db.db.selectFrom('cubeDept').selectAll().where('tenantId', '=', tenantId).execute(),
        t.deps.db.db.selectFrom('cubePost').selectAll().where('tenantId', '=', tenantId).execute(),
        t.deps.db.db.selectFrom('cubeUser').selectAll().where('tenantId', '=', tenantId).execute(),
        t.deps.db.db.selectFrom('cubeDictBiz').selectAll().where('tenantId', '=', tenantId).execute(),
        t.deps.db.db
          .selectFrom('cubeDictBiz')
          .selectAll()
          .where('tenantId', '=', '000000')
          .where('isDeleted', '=', 0)
          .execute(),
      ]),
    );
    expect(roles).toMatchObject([{ roleAlias: 'admin', roleName: '管理员', parentId: '0' }]);
    expect(depts).toMatchObject([
      { parentId: '0', ancestors: '0', deptName: expect.stringContaining('测试公司') },
    ]);
    expect(posts).toMatchObject([{ postCode: 'ceo', postName: '首席执行官' }]);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      account: 'admin',
      roleId: roles[0]!.id,
      deptId: depts[0]!.id,
      postId: posts[0]!.id,
      passwordMustChange: 1,
    });
    expect(users[0]!.password).not.toContain(created.adminPassword as string);
    // Business dictionaries: the platform's copied, with parents pointing inside the new tenant.
    expect(dicts.length).toBe(template.length);
    const copied = new Set(dicts.map((d) => String(d.id)));
    for (const d of dicts) expect(d.parentId === '0' || copied.has(String(d.parentId))).toBe(true);
    const grants = await raw(() =>
      t.deps.db.db.selectFrom('cubeRoleMenu').select('menuId').where('roleId', '=', roles[0]!.id).execute(),
    );
    expect(grants.map((g) => String(g.menuId)).sort()).toEqual([DESK, NOTICE].sort());
    // The list shows the package by name; the answer never carries the password again.
    const detail = await t.call('GET', `${T}/detail?id=${created.id}`, admin);
    expect(detail.body.data).toMatchObject({
      tenantId,
      packageId,
      packageName: expect.stringMatching(/^包/),
    });
    expect(detail.raw).not.toContain(created.adminPassword as string);
  });

  it('makes the new administrator change the first password before anything else', async () => {
    const created = await createTenant({ adminPassword: 'Typed2026pw' });
    expect(created.adminPassword).toBeUndefined();
    const first = await t.token({ tenantId: created.tenantId, username: 'admin', password: 'Typed2026pw' });
    const blocked = await t.call('GET', '/api/cube-desk/notice/list', first.access_token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.body.msg).toBe(AuthMessage.PASSWORD_MUST_CHANGE);
    const token = await firstSignIn(created.tenantId, 'Typed2026pw');
    expect((await t.call('GET', '/api/cube-system/menu/routes', token)).statusCode).toBe(200);
  });

  it('writes nothing when the create is refused', async () => {
    const count = () =>
      raw(() =>
        t.deps.db.db
          .selectFrom('cubeTenant')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      );
    const before = Number((await count()).n);
    const res = await t.call('POST', `${T}/submit`, admin, {
      tenantName: '不会创建的公司',
      linkman: '某人',
      contactNumber: '010-1234567',
      packageId: newId(),
    });
    expect(res.body).toMatchObject({ code: 400, msg: tenantEntity.messages.packageInvalid });
    expect(Number((await count()).n)).toBe(before);
  });

  it('never removes the platform tenant, all or nothing', async () => {
    const other = await createTenant();
    const platform = await raw(() =>
      t.deps.db.db
        .selectFrom('cubeTenant')
        .select('id')
        .where('tenantId', '=', '000000')
        .executeTakeFirstOrThrow(),
    );
    const res = await t.call('POST', `${T}/remove?ids=${other.id},${platform.id}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(tenantEntity.messages.platformNotRemovable);
    expect((await t.call('GET', `${T}/detail?id=${other.id}`, admin)).statusCode).toBe(200);
    expect((await t.call('GET', `${T}/detail?id=${platform.id}`, admin)).statusCode).toBe(200);
  });

  it('stops sign-ins and sessions of a removed tenant', async () => {
    const created = await createTenant({ adminPassword: 'Remove2026pw' });
    const token = await firstSignIn(created.tenantId, 'Remove2026pw');
    expect((await t.call('GET', '/api/cube-system/menu/routes', token)).statusCode).toBe(200);
    expect((await t.call('POST', `${T}/remove?ids=${created.id}`, admin)).body).toMatchObject({ code: 200 });
    expect((await t.call('GET', '/api/cube-system/menu/routes', token)).statusCode).toBe(401);
    const login = await t.login({ tenantId: created.tenantId, username: 'admin', password: 'Changed@2026' });
    expect(login.statusCode).toBe(400);
    expect(login.body.error_description).toBe(AuthMessage.BAD_CREDENTIALS);
    // Its tenant id is never handed out again (its rows stay in the database).
    const raws = await raw(() =>
      t.deps.db.db
        .selectFrom('cubeTenant')
        .select('isDeleted')
        .where('tenantId', '=', created.tenantId)
        .execute(),
    );
    expect(raws).toEqual([{ isDeleted: 1 }]);
  });

  it('sets quota and expiry of several tenants at once; expiry and disabling stop sign-ins and sessions', async () => {
    const a = await createTenant({ adminPassword: 'Expire2026pw' });
    const b = await createTenant();
    const token = await firstSignIn(a.tenantId, 'Expire2026pw');
    const bad = await t.call('POST', `${T}/setting?ids=${a.id},${b.id}&accountNumber=-5&expireTime=`, admin);
    expect(bad.body).toMatchObject({ code: 400, msg: tenantEntity.messages.accountNumberInvalid });
    const badDate = await t.call(
      'POST',
      `${T}/setting?ids=${a.id}&accountNumber=10&expireTime=${encodeURIComponent('2026-02-30 00:00:00')}`,
      admin,
    );
    expect(badDate.body).toMatchObject({ code: 400, msg: tenantEntity.messages.expireTimeInvalid });
    const platform = await raw(() =>
      t.deps.db.db
        .selectFrom('cubeTenant')
        .select('id')
        .where('tenantId', '=', '000000')
        .executeTakeFirstOrThrow(),
    );
    const withPlatform = await t.call(
      'POST',
      `${T}/setting?ids=${a.id},${platform.id}&accountNumber=5`,
      admin,
    );
    expect(withPlatform.body).toMatchObject({ code: 400, msg: tenantEntity.messages.platformNotSettable });
    const future = await t.call('POST', `${T}/setting`, admin, {
      ids: `${a.id},${b.id}`,
      accountNumber: 20,
      expireTime: '2099-12-31 23:59:59',
    });
    expect(future.body, future.raw).toMatchObject({ code: 200 });
    for (const id of [a.id, b.id])
      expect((await t.call('GET', `${T}/detail?id=${id}`, admin)).body.data).toMatchObject({
        accountNumber: 20,
        expireTime: '2099-12-31 23:59:59',
      });
    expect((await t.call('GET', '/api/cube-system/menu/routes', token)).statusCode).toBe(200);
    await t.call(
      'POST',
      `${T}/setting?ids=${a.id}&accountNumber=20&expireTime=${encodeURIComponent('2020-01-01 00:00:00')}`,
      admin,
    );
    expect((await t.call('GET', '/api/cube-system/menu/routes', token)).statusCode).toBe(401);
    const expired = await t.login({ tenantId: a.tenantId, username: 'admin', password: 'Changed@2026' });
    expect(expired.body.error_description).toBe(AuthMessage.TENANT_EXPIRED);
    // No expiry again, then disabled.
    await t.call('POST', `${T}/setting?ids=${a.id}&accountNumber=-1&expireTime=`, admin);
    const again = (await t.token({ tenantId: a.tenantId, username: 'admin', password: 'Changed@2026' }))
      .access_token;
    await raw(() =>
      t.deps.db.db.updateTable('cubeTenant').set({ status: 0 }).where('id', '=', a.id).execute(),
    );
    expect((await t.call('GET', '/api/cube-system/menu/routes', again)).statusCode).toBe(401);
    const disabled = await t.login({ tenantId: a.tenantId, username: 'admin', password: 'Changed@2026' });
    expect(disabled.body.error_description).toBe(AuthMessage.TENANT_DISABLED);
  });

  it('limits routes, buttons, top menus and permission codes to the package, on the very next request', async () => {
    const deskOnly = await createPackage(DESK);
    const withNotice = await createPackage(`${DESK},${NOTICE},${NOTICE_ADD}`);
    const created = await createTenant({ packageId: deskOnly, adminPassword: 'Limit2026pw' });
    const token = await firstSignIn(created.tenantId, 'Limit2026pw');
    // The role is granted the notice page and its add button anyway (e.g. before the package changed).
    const role = await raw(() =>
      t.deps.db.db
        .selectFrom('cubeRole')
        .select('id')
        .where('tenantId', '=', created.tenantId)
        .executeTakeFirstOrThrow(),
    );
    await raw(() =>
      t.deps.db.db
        .insertInto('cubeRoleMenu')
        .values([NOTICE, NOTICE_ADD].map((menuId) => ({ id: newId(), roleId: role.id, menuId })))
        .execute(),
    );
    // Two top menus: one links the desk (allowed), one only the notice page (outside the package).
    const [topDesk, topNotice] = [newId(), newId()];
    const stamp = '2026-01-01 00:00:00';
    await raw(async () => {
      for (const [id, code] of [
        [topDesk, 'desk'],
        [topNotice, 'notice'],
      ] as const)
        await t.deps.db.db
          .insertInto('cubeTopMenu')
          .values({
            id,
            tenantId: created.tenantId,
            code,
            name: code,
            source: '',
            path: '',
            sort: 1,
            createUser: null,
            createDept: null,
            createTime: stamp,
            updateUser: null,
            updateTime: stamp,
            status: 1,
            isDeleted: 0,
          })
          .execute();
      await t.deps.db.db
        .insertInto('cubeTopMenuSetting')
        .values([
          { id: newId(), topMenuId: topDesk, menuId: DESK },
          { id: newId(), topMenuId: topNotice, menuId: NOTICE },
        ])
        .execute();
    });

    const ids = (nodes: Array<{ id: string; children?: unknown[] }>): string[] =>
      nodes.flatMap((node) => [node.id, ...ids((node.children ?? []) as typeof nodes)]);
    const routes = await t.call('GET', '/api/cube-system/menu/routes', token);
    expect(ids(routes.body.data)).toEqual([DESK]);
    const buttons = await t.call('GET', '/api/cube-system/menu/buttons', token);
    expect(ids(buttons.body.data)).not.toContain(NOTICE_ADD);
    const tops = await t.call('GET', '/api/cube-system/menu/top-menu', token);
    expect(tops.body.data.map((m: { id: string }) => m.id)).toEqual([topDesk]);
    expect((await t.call('GET', '/api/cube-desk/notice/list', token)).statusCode).toBe(403);
    const add = await t.call('POST', '/api/cube-desk/notice/submit', token, {
      title: '包外的通知',
      category: 1,
      releaseTime: '2026-01-01 09:00:00',
    });
    expect(add.statusCode).toBe(403);

    // The package now includes the notice page: the same session sees it on its next request.
    const set = await t.call(
      'POST',
      `${T}/package-setting?tenantId=${created.id}&packageId=${withNotice}`,
      admin,
    );
    expect(set.body, set.raw).toMatchObject({ code: 200 });
    expect((await t.call('GET', '/api/cube-desk/notice/list', token)).statusCode).toBe(200);
    expect(ids((await t.call('GET', '/api/cube-system/menu/routes', token)).body.data)).toEqual([
      DESK,
      NOTICE,
    ]);
    expect(ids((await t.call('GET', '/api/cube-system/menu/buttons', token)).body.data)).toContain(
      NOTICE_ADD,
    );
    const both = await t.call('GET', '/api/cube-system/menu/top-menu', token);
    expect(both.body.data.map((m: { id: string }) => m.id).sort()).toEqual([topDesk, topNotice].sort());
    const shown = await t.call('GET', `${T}/package-detail?tenantId=${created.id}`, admin);
    expect(shown.body.data).toMatchObject({ id: withNotice, menuId: `${DESK},${NOTICE},${NOTICE_ADD}` });

    // Editing the package's menus applies at once as well.
    const pkg = (await t.call('GET', `${P}/detail?id=${withNotice}`, admin)).body.data;
    await t.call('POST', `${P}/submit`, admin, { ...pkg, menuId: DESK });
    expect((await t.call('GET', '/api/cube-desk/notice/list', token)).statusCode).toBe(403);

    // Without a package the tenant is unrestricted: the role's own grants count again.
    await t.call('POST', `${T}/package-setting?tenantId=${created.tenantId}&packageId=`, admin);
    expect((await t.call('GET', `${T}/package-detail?tenantId=${created.id}`, admin)).body.data).toEqual({});
    expect((await t.call('GET', '/api/cube-desk/notice/list', token)).statusCode).toBe(200);
  });

  it("never grants a platform screen to a tenant's administrator, even from a package that lists it", async () => {
    const tenantMenu = '1123598816000000100';
    const tenantAdd = '1123598816000000101';
    // The package editor refuses the platform's screens; one written by hand still grants none of them.
    const refused = await t.call('POST', `${P}/submit`, admin, {
      packageName: `含租户管理-${Date.now()}`,
      menuId: `${DESK},${tenantMenu},${tenantAdd}`,
    });
    expect(refused.body).toMatchObject({ code: 400, msg: tenantPackageEntity.messages.menuPlatformOnly });
    const packageId = await createPackage(DESK);
    await t.deps.db.db
      .updateTable('cubeTenantPackage')
      .set({ menuId: `${DESK},${tenantMenu},${tenantAdd}` })
      .where('id', '=', packageId)
      .execute();
    const created = await createTenant({ packageId, adminPassword: 'Platform2026pw' });
    const role = await raw(() =>
      t.deps.db.db
        .selectFrom('cubeRole')
        .select('id')
        .where('tenantId', '=', created.tenantId)
        .executeTakeFirstOrThrow(),
    );
    const grants = await raw(() =>
      t.deps.db.db.selectFrom('cubeRoleMenu').select('menuId').where('roleId', '=', role.id).execute(),
    );
    expect(grants.map((g) => String(g.menuId))).toEqual([DESK]);
    const token = await firstSignIn(created.tenantId, 'Platform2026pw');
    expect((await t.call('GET', `${T}/list`, token)).statusCode).toBe(403);
  });

  it('refuses to remove a package that a tenant uses', async () => {
    const packageId = await createPackage(DESK);
    await createTenant({ packageId });
    const res = await t.call('POST', `${P}/remove?ids=${packageId}`, admin);
    expect(res.body).toMatchObject({ code: 400, msg: tenantPackageEntity.messages.inUse });
    expect((await t.call('GET', `${P}/detail?id=${packageId}`, admin)).statusCode).toBe(200);
  });

  it('keeps tenants to the platform administrator, the picker to the own tenant, and the public site info', async () => {
    const tenantAdmin = (await t.token(DEMO.tenantAdmin)).access_token;
    for (const [method, url] of [
      ['GET', `${T}/list`],
      ['GET', `${T}/info_TD?tenantId=100000`],
      ['GET', `${T}/package-detail?tenantId=100000`],
      ['POST', `${T}/setting?ids=1&accountNumber=1`],
      ['POST', `${T}/package-setting?tenantId=100000&packageId=`],
      ['GET', `${P}/list`],
    ] as const)
      expect((await t.call(method, url, tenantAdmin)).statusCode, url).toBe(403);
    const picker = await t.call('GET', `${T}/select`, tenantAdmin);
    expect(picker.body.data).toHaveLength(1);
    expect(picker.body.data).toMatchObject([
      { id: expect.any(String), tenantId: '100000', tenantName: expect.any(String) },
    ]);
    // A tenant sees its own package among the packages, if any (100000 has none).
    expect((await t.call('GET', `${P}/select`, tenantAdmin)).body.data).toEqual([]);
    const seededAdmin = (await t.token({ tenantId: '200000', username: 'admin', password: 'Demo@2026' }))
      .access_token;
    const own = await t.call('GET', `${P}/select`, seededAdmin);
    expect(own.body.data).toMatchObject([{ packageName: '标准版' }]);
    expect(own.body.data).toHaveLength(1);
    const all = await t.call('GET', `${T}/select`, admin);
    expect(all.body.data.length).toBeGreaterThan(2);
    const info = await t.call('GET', `${T}/info_TD?tenantId=100000`, admin);
    expect(info.body.data).toMatchObject({ tenantId: '100000', accountNumber: expect.any(Number) });

    const created = await createTenant({ domain: 'https://portal.tenancy-test.cn' });
    const site = await t.call(
      'GET',
      `${T}/info?domain=${encodeURIComponent('https://portal.tenancy-test.cn/')}`,
    );
    expect(site.body.data).toMatchObject({ tenantId: created.tenantId });
    const clash = await t.call('POST', `${T}/submit`, admin, {
      tenantName: `同域名公司-${Date.now()}`,
      linkman: '某人',
      contactNumber: '010-1234567',
      domain: 'https://PORTAL.tenancy-test.cn',
    });
    expect(clash.body).toMatchObject({ code: 400, msg: tenantEntity.messages.domainExists });
  });

  it("gives a new tenant's administrator 专利管理 and 我的事务, without a package and with the agency package", async () => {
    const codes = (nodes: Array<{ code: string; children?: unknown[] }>): string[] =>
      nodes.flatMap((node) => [node.code, ...codes((node.children ?? []) as typeof nodes)]);
    const patentScreens = [
      'patent',
      'patent_application',
      'patent_deadline',
      'patent_deadline_rule',
      'agent_company',
    ];
    const agencyPackage = (await t.call('GET', `${P}/select`, admin)).body.data.find(
      (p: { packageName: string }) => p.packageName === '专利代理版',
    );
    expect(agencyPackage).toBeDefined();
    for (const extra of [{}, { packageId: agencyPackage.id }]) {
      const created = await createTenant(extra);
      const token = await firstSignIn(created.tenantId, created.adminPassword as string);
      const seen = codes((await t.call('GET', '/api/cube-system/menu/routes', token)).body.data);
      expect(seen).toEqual(expect.arrayContaining([...patentScreens, 'work', 'work_todo', 'work_claim']));
      // The holiday calendar is the platform's alone.
      expect(seen).not.toContain('patent_holiday');
      const buttons = codes((await t.call('GET', '/api/cube-system/menu/buttons', token)).body.data);
      expect(buttons).toEqual(
        expect.arrayContaining(['patent_application_add', 'patent_notice_add', 'patent_deadline_add']),
      );
      const cases = await t.call('GET', '/api/cube-patent/application/list', token);
      expect(cases.body, cases.raw).toMatchObject({ code: 200, data: { total: 0 } });
      const rules = await t.call('GET', '/api/cube-patent/deadline-rule/list', token);
      expect(rules.statusCode).toBe(200);
    }
  });

  it('seeds 200000 with a package that trims what its administrator was granted', async () => {
    const token = (await t.token({ tenantId: '200000', username: 'admin', password: 'Demo@2026' }))
      .access_token;
    const routes = await t.call('GET', '/api/cube-system/menu/routes', token);
    const codes = (nodes: Array<{ code: string; children?: unknown[] }>): string[] =>
      nodes.flatMap((node) => [node.code, ...codes((node.children ?? []) as typeof nodes)]);
    const seen = codes(routes.body.data);
    expect(seen).toContain('desk');
    expect(seen).not.toContain('tenant');
    expect(seen).not.toContain('tenant_package');
    expect(seen).not.toContain('param');
    // The unrestricted 100000 has no package, and its administrator is never granted the tenant screens either.
    const other = (await t.token(DEMO.tenantAdmin)).access_token;
    const unrestricted = codes((await t.call('GET', '/api/cube-system/menu/routes', other)).body.data);
    expect(unrestricted).toContain('desk');
    expect(unrestricted).not.toContain('tenant');
    expect(unrestricted).not.toContain('tenant_package');
  });
});
