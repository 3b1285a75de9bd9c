import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  S3_ACCESS_KEY,
  S3_SECRET_KEY,
  type S3TestServer,
  startS3Server,
} from '../../apps/server/test/s3-server.js';
import type { Harness } from '../harness.js';
import { collectPageErrors, consoleShell, DEMO_TENANT_ADMIN, signIn, twoChars } from '../steps.js';
import { e2eTargets, openTarget } from './targets.js';

/**
 * Files end to end as the demo tenant's administrator: an S3-compatible server (s3rver) is started by this file,
 * chosen in the 对象存储 screen (tested, enabled), then an attachment uploaded in 附件管理 lands in its bucket
 * under the tenant's prefix, previews in the console, and is deleted from the bucket with its row.
 */
describe.each(e2eTargets)('attachments stored in an S3-compatible server (%s)', (target) => {
  let h: Harness;
  let page: Page;
  let s3: S3TestServer;
  let pageErrors: string[];
  /** The configuration's 资源编号: new for each try of the first test, so that a retry never meets its own leftover. */
  let code = '';
  const fileName = `专利费用清单-${Date.now().toString(36)}.xlsx`;
  let filePath: string;

  beforeAll(async () => {
    s3 = await startS3Server('cube-e2e');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('费用');
    sheet.addRow(['案件编号', '费用名称', '金额']);
    sheet.addRow(['CN2026001', '申请费', 900]);
    sheet.addRow(['CN2026002', '实质审查费', 2500]);
    filePath = path.join(mkdtempSync(path.join(tmpdir(), 'cube-e2e-attach-')), fileName);
    writeFileSync(filePath, Buffer.from(await book.xlsx.writeBuffer()));
    h = await openTarget(target);
    page = await h.newPage({ width: 1440, height: 900 });
    pageErrors = collectPageErrors(page);
    await signIn(page, DEMO_TENANT_ADMIN);
  });
  afterAll(async () => {
    await h?.close();
    await s3?.close();
  });

  it('configures, tests and enables the S3 store in the 对象存储 screen', async () => {
    code = `e2e-s3-${Date.now().toString(36)}`;
    await page.goto('/resource/oss/index');
    const { main, message, tab } = consoleShell(page);
    await tab('对象存储').waitFor();
    await main.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增' });
    await dialog.getByLabel('资源编号').fill(code);
    // 存储类型 starts at MinIO / S3 兼容.
    await dialog.getByText('MinIO / S3 兼容').waitFor();
    await dialog.getByLabel('资源地址').fill(s3.endpoint);
    await dialog.getByLabel('空间名').fill(s3.bucket);
    await dialog.getByLabel('AccessKey').fill(S3_ACCESS_KEY);
    await dialog.getByLabel('SecretKey').fill(S3_SECRET_KEY);
    await dialog.getByLabel('地域').fill('us-east-1');
    await h.screenshot(page, `oss-add-1440-zh-${target}`);
    await dialog.getByRole('button', { name: twoChars('保存') }).click();
    await message('新增成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = main.getByRole('row').filter({ hasText: code });
    await row.waitFor();
    await row.getByRole('button', { name: /测试连接/ }).click();
    await message('连接成功').waitFor();
    await row.getByRole('button', { name: /启用/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '其他配置将停用' });
    await confirm.getByRole('button', { name: twoChars('确定') }).click();
    await message('启用成功').waitFor();
    await row.getByText('已启用').waitFor();
    // The secret never comes back: the edit form shows the mask.
    await row.getByRole('button', { name: /编辑/ }).click();
    const edit = page.getByRole('dialog', { name: '编辑' });
    await expect.poll(() => edit.getByLabel('SecretKey').inputValue()).toBe('********');
    await edit.getByRole('button', { name: twoChars('取消') }).click();
    await h.screenshot(page, `oss-enabled-1440-zh-${target}`);
  });

  it('uploads an attachment into the bucket, previews it, and deletes it from the bucket', async () => {
    await page.goto('/resource/attach/index');
    const { main, message, tab } = consoleShell(page);
    await tab('附件管理').waitFor();
    const chooser = page.waitForEvent('filechooser');
    await main.getByRole('button', { name: /上传附件/ }).click();
    await (await chooser).setFiles(filePath);
    await message('上传成功').waitFor();
    const row = main.getByRole('row').filter({ hasText: fileName });
    await row.waitFor();
    expect(await row.textContent()).toContain('xlsx');

    // It is in the S3 server, under the tenant's private prefix — and not on the server's disk.
    const keys = await s3.keys('100000/');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^100000\/p\/\d{8}\/[0-9a-f]{32}\.xlsx$/);
    await h.screenshot(page, `attach-list-1440-zh-${target}`);

    await row.getByRole('button', { name: /预览/ }).click();
    const preview = page.getByRole('dialog').filter({ hasText: fileName });
    await preview.getByText('实质审查费').waitFor();
    await preview.getByText('CN2026001').waitFor();
    await h.screenshot(page, `attach-preview-1440-zh-${target}`);
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: /删除/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
    await confirm.getByRole('button', { name: twoChars('确定') }).click();
    await message('删除成功').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await s3.keys('100000/')).toEqual([]);
  });

  it('removes the S3 configuration again, so the tenant is back on the local disk', async () => {
    await page.goto('/resource/oss/index');
    const { main, message } = consoleShell(page);
    const row = main.getByRole('row').filter({ hasText: code });
    await row.getByRole('button', { name: /删除/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
    await confirm.getByRole('button', { name: twoChars('确定') }).click();
    await message('删除成功').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });
});
