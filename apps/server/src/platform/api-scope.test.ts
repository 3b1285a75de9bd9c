import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A, grant, makeRole, NOTICE_MENU, SYSTEM_MENU, signInAs } from '../../test/authority-fixtures.js';
import { createTestApp, DEMO, dialects, type TestApp } from '../../test/helpers.js';
import { apiScopeAllows, compileApiPattern, parseApiMethods } from './api-scope.js';

const NOTICE_PAGE = ['1123598815738675220', NOTICE_MENU, '1123598815738675222'];
const sample = { title: '接口权限测试', category: 1, releaseTime: '2026-01-01 09:00:00', content: '' };

describe('API scope patterns', () => {
  const rule = (path: string, methods = '') => ({
    id: '1',
    pattern: compileApiPattern(path),
    methods: parseApiMethods(methods),
  });
  it('are anchored globs: * one segment, ** any rest, no substring matches', () => {
    expect(apiScopeAllows([rule('/api/cube-desk/notice/list')], 'GET', '/api/cube-desk/notice/list')).toBe(
      true,
    );
    expect(
      apiScopeAllows([rule('/api/cube-desk/notice/list')], 'GET', '/api/cube-desk/notice/list-all'),
    ).toBe(false);
    expect(apiScopeAllows([rule('/api/cube-desk/notice/*')], 'GET', '/api/cube-desk/notice/detail')).toBe(
      true,
    );
    expect(apiScopeAllows([rule('/api/cube-desk/*')], 'GET', '/api/cube-desk/notice/detail')).toBe(false);
    expect(apiScopeAllows([rule('/api/cube-desk/**')], 'GET', '/api/cube-desk/notice/detail')).toBe(true);
    expect(apiScopeAllows([rule('/api/cube-desk/notice.list')], 'GET', '/api/cube-desk/noticeXlist')).toBe(
      false,
    );
  });
  it('admit only their methods (HEAD as GET); none listed admits every method', () => {
    expect(apiScopeAllows([rule('/api/x', 'GET')], 'POST', '/api/x')).toBe(false);
    expect(apiScopeAllows([rule('/api/x', 'GET')], 'HEAD', '/api/x')).toBe(true);
    expect(apiScopeAllows([rule('/api/x', 'GET,POST')], 'POST', '/api/x')).toBe(true);
    expect(apiScopeAllows([rule('/api/x')], 'DELETE', '/api/x')).toBe(true);
  });
});

/**
 * API scopes enforced by the access hook: a role holding API scopes of a menu may call only the matching routes
 * of that menu (403 otherwise); without any it is limited by its menu and button codes alone; the platform
 * administrator is never restricted; a changed grant applies on the next request.
 */
describe.each(dialects)('API scopes on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let role: string;
  let user: { id: string; token: string };
  const submit = () => t.call('POST', '/api/cube-desk/notice/submit', user.token, sample);
  const list = () => t.call('GET', '/api/cube-desk/notice/list', user.token);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
    role = await makeRole(t, admin, '接口权限测试');
    user = await signInAs(t, [role], ['1123598813738675203']);
  });
  afterAll(async () => {
    await t.close();
  });

  it('without API scopes the menu and button codes decide', async () => {
    expect((await grant(t, admin, { roleIds: [role], menuIds: NOTICE_PAGE })).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    expect((await submit()).statusCode).toBe(200);
  });

  it('a read-only API scope refuses the write with 403 from the next request, and a wider one admits it', async () => {
    await grant(t, admin, { roleIds: [role], menuIds: NOTICE_PAGE, apiScopeIds: [A.apiNoticeRead] });
    expect((await list()).statusCode).toBe(200);
    const refused = await submit();
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, success: false });

    await grant(t, admin, {
      roleIds: [role],
      menuIds: NOTICE_PAGE,
      apiScopeIds: [A.apiNoticeRead, A.apiNoticeAll],
    });
    expect((await submit()).statusCode).toBe(200);
  });

  it("one menu's API scopes do not restrict another menu's routes", async () => {
    await grant(t, admin, {
      roleIds: [role],
      menuIds: [...NOTICE_PAGE, SYSTEM_MENU, A.menuDept],
      apiScopeIds: [A.apiNoticeRead],
    });
    expect((await t.call('GET', '/api/cube-system/dept/list', user.token)).statusCode).toBe(200);
    expect((await submit()).statusCode).toBe(403);
  });

  it('a scope path that matches nothing of the menu refuses every route of it', async () => {
    const platform = (await t.token(DEMO.platformAdmin)).access_token;
    const created = await t.call('POST', '/api/cube-system/api-scope/submit', platform, {
      menuId: NOTICE_MENU,
      scopeName: '无关接口',
      scopePath: '/api/cube-desk/other/**',
      scopeType: 2,
    });
    expect(created.statusCode, created.raw).toBe(200);
    await grant(t, admin, { roleIds: [role], menuIds: NOTICE_PAGE, apiScopeIds: [created.body.data.id] });
    expect((await list()).statusCode).toBe(403);
    // The platform administrator holds every code and is never restricted.
    expect((await t.call('GET', '/api/cube-desk/notice/list', platform)).statusCode).toBe(200);
    // Removing the grant lifts the restriction on the next request.
    await grant(t, admin, { roleIds: [role], menuIds: NOTICE_PAGE });
    expect((await list()).statusCode).toBe(200);
  });
});
