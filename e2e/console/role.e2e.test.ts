import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, DEMO_TENANT_ADMIN, signIn, twoChars } from '../steps.js';

/** Clicks the checkbox of the tree node titled exactly `title` inside `scope`. */
async function check(scope: Locator, title: string): Promise<void> {
  await scope
    .locator('.ant-tree-treenode')
    .filter({ has: scope.page().locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) })
    .first()
    .locator('.ant-tree-checkbox')
    .click();
}

/**
 * 角色管理 as the demo tenant's administrator: a new role, 权限设置 on it — a page and one of its data scopes through
 * the three-tree dialog — then the role given to the 王芳 (agent) account, which, signed in in another browser, sees
 * exactly the granted menus and only the rows the scope allows.
 */
const AGENT_ID = '1123598816000000392';
const roleName = `专利流程专员${Date.now().toString(36).slice(-4)}`;

describe('the role screen', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newPage({ width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await signIn(page, DEMO_TENANT_ADMIN);
    await page.goto('/authority/role/index');
    await consoleShell(page).tab('角色管理').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the tenant’s roles as a tree and adds one', async () => {
    const { main, message } = consoleShell(page);
    await main.getByRole('row').filter({ hasText: '部门经理' }).waitFor();
    expect(await main.getByText('超级管理员').count()).toBe(0);
    await h.screenshot(page, 'role-1440-zh');

    const name = roleName;
    await main
      .getByRole('button', { name: /新\s*增$/ })
      .first()
      .click();
    const add = page.getByRole('dialog', { name: '新增' });
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await add.getByText('请输入角色名称').waitFor();
    await add.getByLabel('角色名称').fill(name);
    await add.getByLabel('角色别名').fill('admin');
    await add.getByLabel('角色排序').fill('9');
    await add.getByRole('button', { name: twoChars('保存') }).click();
    // `admin` is taken by the administrator role of the tenant.
    await page.locator('.ant-message').getByText('角色别名已存在').waitFor();
    // The refused dialog is closed and the role added from a fresh one. In some full runs (never alone) this
    // dialog's 保存 stayed loading after the refusal, with no request in flight; the likely cause (a save paused
    // by an `offline` event) is fixed in app/queryClient.ts. The refusal itself is what this step checks.
    await add.getByRole('button', { name: twoChars('取消') }).click();
    await add.waitFor({ state: 'hidden' });
    await main
      .getByRole('button', { name: /新\s*增$/ })
      .first()
      .click();
    await add.getByLabel('角色名称').fill(name);
    await add.getByLabel('角色别名').fill(`process_${Date.now().toString(36)}`);
    await add.getByLabel('角色排序').fill('9');
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    await main.getByRole('row').filter({ hasText: name }).waitFor();
  });

  it('grants a page and a data scope through the dialog; the role’s user sees exactly that', async () => {
    const { main, message } = consoleShell(page);
    // The new role's id and the administrator's request headers, from the list call the page makes anyway.
    const listCall = page.waitForResponse((r) => r.url().includes('/api/cube-system/role/list'));
    await page.reload();
    const listed = await listCall;
    const headers = listed.request().headers();
    const roles = (await listed.json()).data as Array<{ id: string; roleName: string }>;
    const roleId = roles.find((r) => r.roleName === roleName)?.id;
    expect(roleId).toBeTruthy();
    await consoleShell(page).tab('角色管理').waitFor();

    await main
      .getByRole('row')
      .filter({ hasText: roleName })
      .getByRole('button', { name: /权限设置/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /权限设置/ });
    await dialog.getByRole('tab', { name: '菜单权限' }).waitFor();
    await h.screenshot(page, 'role-grant-open-1440-zh');
    const menuTab = dialog.getByRole('tabpanel', { name: '菜单权限' });
    await menuTab.locator('.ant-tree-title', { hasText: /^部门管理$/ }).waitFor();
    await check(menuTab, '部门管理');
    await h.screenshot(page, 'role-grant-menus-1440-zh');
    await dialog.getByRole('tab', { name: '数据权限' }).click();
    const dataTab = dialog.getByRole('tabpanel', { name: '数据权限' });
    await dataTab.locator('.ant-tree-title', { hasText: /^本机构$/ }).waitFor();
    await check(dataTab, '本机构');
    await h.screenshot(page, 'role-grant-data-1440-zh');
    await dialog.getByRole('tab', { name: '接口权限' }).click();
    await dialog
      .getByRole('tabpanel', { name: '接口权限' })
      .locator('.ant-tree-title', { hasText: '部门只读接口' })
      .waitFor();
    await dialog.getByRole('button', { name: twoChars('保存') }).click();
    await message('授权成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The 代理人 account gets the new role alone (user management's role grant, the same call as its 角色配置);
    // its own roles come back at the end, for the files after this one that work as the agent.
    const auth = { authorization: headers.authorization ?? '', 'cube-auth': headers['cube-auth'] ?? '' };
    const before = await page.request.get(`/api/cube-user/detail?id=${AGENT_ID}`, { headers: auth });
    const agentRoles = ((await before.json()) as { data: { roleId: string } }).data.roleId;
    expect(agentRoles).toBeTruthy();
    const assigned = await page.request.post(`/api/cube-user/grant?userIds=${AGENT_ID}&roleIds=${roleId}`, {
      headers: auth,
    });
    expect(assigned.status(), await assigned.text()).toBe(200);

    // The 代理人 account in a browser of its own: the granted pages and no other, rows within its department.
    const other = await h.newPage({ width: 1440, height: 900 });
    const otherErrors = collectPageErrors(other);
    await signIn(other, { tenantId: '100000', username: 'agent', password: 'Agent@2026' });
    await other.goto('/system/dept/index');
    const shell = consoleShell(other);
    await shell.tab('部门管理').waitFor();
    await shell.main.getByRole('row').filter({ hasText: '机械电学组' }).waitFor();
    expect(await shell.main.getByText('商标事务部', { exact: true }).count()).toBe(0);
    expect(await shell.main.getByText('专利代理部', { exact: true }).count()).toBe(0);
    await shell.side
      .getByRole('menuitem', { name: /部门管理/ })
      .first()
      .waitFor();
    expect(await shell.side.getByRole('menuitem', { name: /角色管理/ }).count()).toBe(0);
    // Exactly what the role grants: not even the desk, which 代理人 had.
    expect(await shell.side.getByRole('menuitem', { name: /工作台/ }).count()).toBe(0);
    expect(await shell.side.getByRole('menuitem', { name: /用户管理/ }).count()).toBe(0);
    expect(await shell.side.getByRole('menuitem', { name: /岗位管理/ }).count()).toBe(0);
    await h.screenshot(other, 'role-granted-user-1440-zh');
    await other.context().close();
    const restored = await page.request.post(
      `/api/cube-user/grant?userIds=${AGENT_ID}&roleIds=${agentRoles}`,
      {
        headers: auth,
      },
    );
    expect(restored.status(), await restored.text()).toBe(200);
    expect(otherErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
