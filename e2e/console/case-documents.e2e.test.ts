import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import {
  type Account,
  accountApi,
  collectPageErrors,
  consoleShell,
  DEMO_TENANT_ADMIN,
  signIn,
} from '../steps.js';

/**
 * A case's step documents across pages, in tenant 100000: the clerk starts an invention case (through the API),
 * the agent opens 撰写申请文件 from 待办事务, picks 定稿申请文件 and uploads a PDF through the file chooser; the
 * handle page lists it as V1, and a second upload of the kind as V2 above it; the process detail lists both.
 * The administrator then finds the same file on the case's 案件文件 tab under 专利案件
 * and downloads it with its Chinese name.
 */
const CLERK: Account = { tenantId: '100000', username: 'user', password: 'User@2026' };
const AGENT: Account = { tenantId: '100000', username: 'agent', password: 'Agent@2026' };
const AGENT_ID = '1123598816000000392';
const DOCKET = `DOC-${Date.now().toString(36).toUpperCase()}`;
const FILE_NAME = '权利要求书-定稿.pdf';
const FILE_NAME_2 = '权利要求书-定稿-修订.pdf';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

describe('案件文件: upload on the handle page, read on the case', () => {
  let h: Harness;
  const errors: string[] = [];

  const open = async (account: Account): Promise<Page> => {
    const page = await h.newPage({ width: 1440, height: 900 });
    errors.push(...collectPageErrors(page));
    await signIn(page, account);
    return page;
  };

  beforeAll(async () => {
    h = await sharedHarness();
    const clerkPage = await h.newPage();
    const clerk = await accountApi(clerkPage, CLERK);
    const defs = await clerk.get<{ records: Array<{ id: string }> }>('/api/cube-flow/work/start-list', {
      category: 'flow_1',
    });
    await clerk.post('/api/cube-flow/process/start-process', {
      processDefinitionId: defs.records[0]?.id,
      application: {
        docketNo: DOCKET,
        patentType: 'invention',
        title: '一种文件流转装置',
        agentUserId: AGENT_ID,
      },
      comment: '新案立项',
    });
    await clerkPage.context().close();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lets the agent upload a final application on 撰写申请文件', async () => {
    const page = await open(AGENT);
    await page.goto('/work/todo/index');
    const row = consoleShell(page).main.getByRole('row').filter({ hasText: DOCKET });
    await row.getByRole('button', { name: /办理/ }).click();
    await page.waitForURL('**/work/process/invention/handle/**');
    const docs = page.getByTestId('case-documents');
    await docs.getByText('上传到步骤“撰写申请文件”').waitFor();
    await docs.getByLabel('文件类别').click();
    await page.locator('.ant-select-dropdown:visible').getByText('定稿申请文件', { exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await docs.getByRole('button', { name: /上传文件/ }).click();
    await (await chooser).setFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: PDF });
    await consoleShell(page).message(`已上传 ${FILE_NAME}（V1）`).waitFor();
    const fileRow = docs.getByRole('row').filter({ hasText: FILE_NAME });
    await fileRow.waitFor();
    expect(await fileRow.textContent()).toContain('撰写申请文件');
    expect(await fileRow.textContent()).toContain('定稿申请文件');
    expect(await fileRow.textContent()).toContain('V1');
    // The same kind again on the step is its next version; the first stays listed.
    const again = page.waitForEvent('filechooser');
    await docs.getByRole('button', { name: /上传文件/ }).click();
    await (await again).setFiles({ name: FILE_NAME_2, mimeType: 'application/pdf', buffer: PDF });
    await consoleShell(page).message(`已上传 ${FILE_NAME_2}（V2）`).waitFor();
    await docs.getByRole('row').filter({ hasText: FILE_NAME_2 }).waitFor();
    expect(await docs.getByRole('row').filter({ hasText: '定稿申请文件' }).count()).toBe(2);
    await h.screenshot(page, 'case-documents-handle-1440-zh');

    // The process detail lists them too, without the upload.
    await page.getByRole('button', { name: '查看流程详情' }).click();
    await page.waitForURL('**/work/process/invention/detail/**');
    // The handle page stays alive in its hidden tab: look inside the detail page only.
    const detailDocs = page.getByTestId('flow-detail').getByTestId('case-documents');
    await detailDocs.getByRole('row').filter({ hasText: FILE_NAME_2 }).waitFor();
    expect(await detailDocs.getByRole('button', { name: /上传文件/ }).count()).toBe(0);
    await h.screenshot(page, 'case-documents-detail-1440-zh');
    await page.context().close();
  });

  it('shows the file on the case’s 案件文件 tab and downloads it under its name', async () => {
    const page = await open(DEMO_TENANT_ADMIN);
    await page.goto('/patent/application/index');
    const row = consoleShell(page).main.getByRole('row').filter({ hasText: DOCKET });
    await row.getByRole('button', { name: /通知书与期限/ }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByRole('tab', { name: '案件文件' }).click();
    const fileRow = drawer.getByRole('row').filter({ hasText: FILE_NAME });
    await fileRow.waitFor();
    // One step cell spans the step's versions: V2 on top, then V1.
    const rows = drawer.getByRole('row').filter({ hasText: '定稿申请文件' });
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('撰写申请文件');
    expect(await rows.first().textContent()).toContain(FILE_NAME_2);
    expect(await fileRow.textContent()).toContain('V1');
    await h.screenshot(page, 'case-documents-case-1440-zh');
    const download = page.waitForEvent('download');
    await fileRow.getByTestId('case-document-link').click();
    expect((await download).suggestedFilename()).toBe(FILE_NAME);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
