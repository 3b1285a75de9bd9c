import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { collectPageErrors, consoleShell, DEMO_TENANT_ADMIN, signIn, twoChars } from '../steps.js';

const HEADERS = [
  '登录账号',
  '用户昵称',
  '用户姓名',
  '手机号码',
  '电子邮箱',
  '性别',
  '生日',
  '用户编号',
  '所属角色',
  '所属部门',
  '所属岗位',
  '初始密码',
];

async function xlsx(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户数据');
  sheet.addRow(HEADERS);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Checks a node of the open tree-select dropdown by its exact title (typed first: levels open collapsed). */
async function checkTreeNode(page: Page, title: string): Promise<void> {
  await page.keyboard.type(title);
  const node = page.locator('.ant-select-dropdown:visible .ant-select-tree-treenode', {
    has: page.locator('.ant-select-tree-title', { hasText: new RegExp(`^${title}$`) }),
  });
  await node.locator('.ant-select-tree-checkbox').first().click();
}

/**
 * 用户管理 as the demo tenant's administrator: add and edit an account with role and department pickers, filter
 * by the department tree, import a file with an error row and then a valid one, export the filtered list.
 */
describe('the user screen', () => {
  let h: Harness;
  let page: Page;
  let pageErrors: string[];
  const suffix = Date.now().toString(36).slice(-5);
  const account = `e2e.user.${suffix}`;

  beforeAll(async () => {
    h = await sharedHarness();
    page = await h.newPage({ width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await signIn(page, DEMO_TENANT_ADMIN);
    await page.goto('/system/user/index');
    await consoleShell(page).tab('用户管理').waitFor();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('adds and edits an account with roles, departments and posts', async () => {
    const { main, message } = consoleShell(page);
    await main.getByRole('row').filter({ hasText: '王建国' }).waitFor();
    await h.screenshot(page, 'user-1440-zh');

    await main.getByRole('button', { name: /新\s*增/ }).click();
    const add = page.getByRole('dialog', { name: '新增' });
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await add.getByText('请输入登录账号').first().waitFor();
    await add.getByText('请选择所属角色').first().waitFor();
    await add.getByLabel('登录账号').fill(account);
    await add.getByLabel('用户昵称').fill('小测');
    await add.getByLabel('用户姓名').fill('端到端测试员');
    await add.getByLabel('初始密码').fill('Start#2026');
    await add.getByLabel('手机号码').fill('1390000');
    await add.getByLabel('所属角色').click();
    await checkTreeNode(page, '普通用户');
    await add.getByLabel('所属部门').click();
    await checkTreeNode(page, '商标事务部');
    await add.getByLabel('所属岗位').click();
    await checkTreeNode(page, '商标代理人');
    await add.getByLabel('用户姓名').click();
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await add.getByText('手机号码长度不为11位').first().waitFor();
    await add.getByLabel('手机号码').fill('13900001234');
    await h.screenshot(page, 'user-1440-zh-add');
    await add.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    await add.waitFor({ state: 'hidden' });

    const search = page.getByRole('search');
    await search.getByLabel('登录账号').fill(account);
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    const row = main.getByRole('row').filter({ hasText: account });
    await row.waitFor();
    expect(await row.textContent()).toContain('商标事务部');
    expect(await row.textContent()).toContain('商标代理人');

    await row.getByRole('button', { name: /编辑/ }).click();
    const edit = page.getByRole('dialog', { name: '编辑' });
    const realName = edit.getByLabel('用户姓名');
    await expect.poll(() => realName.inputValue()).toBe('端到端测试员');
    expect(await edit.getByLabel('登录账号').isDisabled()).toBe(true);
    await realName.fill('端到端已修改');
    await edit.getByRole('button', { name: twoChars('保存') }).click();
    await message('更新成功').waitFor();
    await row.filter({ hasText: '端到端已修改' }).waitFor();
    await search.getByRole('button', { name: /清\s*空/ }).click();
  });

  it('filters by the department tree', async () => {
    const { main } = consoleShell(page);
    const tree = page.getByRole('tree').first();
    await tree.getByText('商标事务部', { exact: true }).click();
    await main.getByRole('row').filter({ hasText: '孙丽' }).waitFor();
    await expect.poll(() => main.getByRole('row').filter({ hasText: '陈静' }).count()).toBe(0);
    await h.screenshot(page, 'user-1440-zh-dept-filter');
  });

  it('imports a file with an error row (nothing written), then a valid one', async () => {
    const { main } = consoleShell(page);
    await main.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.getByRole('dialog', { name: '用户导入' });
    const bad = [
      [
        `e2e.imp1.${suffix}`,
        '导一',
        '导入一号',
        '13900002001',
        '',
        '男',
        '',
        '',
        '普通用户',
        '商标事务部',
        '',
        '',
      ],
      [`e2e imp2`, '导二', '导入二号', '139', '', '女', '', '', '普通用户', '不存在的部门', '', ''],
    ];
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'users.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsx(bad),
    });
    await dialog.getByTestId('import-start').click();
    const errors = dialog.getByTestId('import-errors');
    await errors.waitFor();
    const text = await errors.textContent();
    expect(text).toContain('登录账号只能包含字母、数字和 _ . @ -');
    expect(text).toContain('手机号码长度不为11位');
    expect(text).toContain('部门“不存在的部门”不存在');
    await h.screenshot(page, 'user-1440-zh-import-errors');

    const good = [
      bad[0]!,
      [
        `e2e.imp2.${suffix}`,
        '导二',
        '导入二号',
        '13900002002',
        '',
        '女',
        '',
        '',
        '普通用户',
        '商标事务部',
        '',
        '',
      ],
    ];
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'users.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsx(good),
    });
    await dialog.getByTestId('import-start').click();
    const result = dialog.getByTestId('import-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('新增 2 条');
    await h.screenshot(page, 'user-1440-zh-import-done');
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: twoChars('关闭') })
      .click();
    await main.getByRole('row').filter({ hasText: '导入二号' }).waitFor();
  });

  it('exports the filtered list as xlsx', async () => {
    const { main } = consoleShell(page);
    const search = page.getByRole('search');
    await search.getByLabel('用户姓名').fill('导入');
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    await expect.poll(() => main.getByRole('row').count()).toBe(3);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('button', { name: /导\s*出/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^用户数据\d+\.xlsx$/);
    const book = new ExcelJS.Workbook();
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const names: string[] = [];
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(3).value));
    });
    expect(names.sort()).toEqual(['导入一号', '导入二号']);
    expect(pageErrors).toEqual([]);
  });
});
