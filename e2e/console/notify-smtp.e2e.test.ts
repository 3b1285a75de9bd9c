import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, sharedHarness } from '../harness.js';
import { type Account, collectPageErrors, consoleShell, DEMO_TENANT_ADMIN, signIn } from '../steps.js';

/**
 * 消息中心's 邮件设置 and 发送测试邮件, in tenant 100000: the administrator sets the tenant's mail server — a local
 * SMTP server of this file, never a real one — with the contract's messages on a bad form, sees the stored password
 * only as 已设置, sends a test mail to their own address and gets it, and is told in Chinese when the server refuses
 * the login. The agent sees neither action. Mail is switched off again at the end (the mail job then sends nothing).
 */
const AGENT: Account = { tenantId: '100000', username: 'agent', password: 'Agent@2026' };
/**
 * The administrator's own address as the profile page shows it now: other files of the run save that profile with
 * an address of their own (the API log's), so the seeded one cannot be assumed.
 */
const ownAddress = async (page: Page): Promise<string> => {
  await page.goto('/info/index');
  const input = consoleShell(page).main.getByLabel('邮箱');
  await expect.poll(() => input.inputValue()).toContain('@');
  const address = await input.inputValue();
  await page.goto('/desk/notify/index');
  return address;
};

describe('消息中心: the tenant’s mail server', () => {
  let h: Harness;
  const errors: string[] = [];
  const received: Array<{ to: string; raw: string }> = [];
  let server: SMTPServer;
  let port = 0;

  const open = async (account: Account): Promise<Page> => {
    const page = await h.newPage({ width: 1440, height: 900 });
    errors.push(...collectPageErrors(page));
    await signIn(page, account);
    await page.goto('/desk/notify/index');
    return page;
  };
  const settingsDialog = async (page: Page) => {
    await consoleShell(page)
      .main.getByRole('button', { name: /邮件设置/ })
      .click();
    const dialog = page.getByRole('dialog', { name: '邮件设置' });
    await dialog.getByLabel('SMTP服务器').waitFor();
    return dialog;
  };
  const ok = (page: Page) =>
    page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|发\s*送/ })
      .click();

  beforeAll(async () => {
    h = await sharedHarness();
    server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, cb) {
        if (auth.username === 'mailer' && auth.password === 's3cret-smtp')
          return cb(null, { user: 'mailer' });
        return cb(new Error('Invalid username or password'));
      },
      onData(stream, session, cb) {
        let raw = '';
        stream.on('data', (c: Buffer) => {
          raw += c.toString();
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server?.close();
    await h?.close();
  });

  it('lets the administrator set the mail server with the contract’s checks, the password write-only', async () => {
    const page = await open(DEMO_TENANT_ADMIN);
    let dialog = await settingsDialog(page);
    await dialog.getByLabel('启用邮件提醒').click();
    await dialog.getByLabel('SMTP服务器').fill('');
    await dialog.getByLabel('发件人地址').fill('noreply');
    await ok(page);
    await dialog.getByText('请输入SMTP服务器').waitFor();
    await dialog.getByText('发件人地址格式不正确').waitFor();

    await dialog.getByLabel('SMTP服务器').fill('127.0.0.1');
    await dialog.getByLabel('端口').fill(String(port));
    // The local server speaks plain SMTP: SSL/TLS off.
    if ((await dialog.getByLabel('SSL/TLS').getAttribute('aria-checked')) === 'true')
      await dialog.getByLabel('SSL/TLS').click();
    await dialog.getByLabel('用户名').fill('mailer');
    await dialog.getByLabel('密码').fill('s3cret-smtp');
    await dialog.getByLabel('发件人地址').fill('noreply@lifang-ip.cn');
    await h.screenshot(page, 'notify-smtp-settings-1440-zh');
    await ok(page);
    await consoleShell(page).message('邮件设置已保存').waitFor();

    // Opened again: the password is only said to be set, never shown.
    dialog = await settingsDialog(page);
    await dialog.getByTestId('smtp-password-state').getByText('已设置，留空则保持不变').waitFor();
    expect(await dialog.getByLabel('密码').inputValue()).toBe('');
    expect(await dialog.getByLabel('SMTP服务器').inputValue()).toBe('127.0.0.1');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await page.context().close();
    expect(errors).toEqual([]);
  });

  it('sends a test mail to the administrator’s own address, and says why when the server refuses', async () => {
    const page = await open(DEMO_TENANT_ADMIN);
    const adminMail = await ownAddress(page);
    await consoleShell(page)
      .main.getByRole('button', { name: /发送测试邮件/ })
      .click();
    const test = page.getByRole('dialog', { name: '发送测试邮件' });
    await test.getByLabel('收件地址').fill('not-an-address');
    await ok(page);
    await test.getByText('收件地址格式不正确').waitFor();
    await test.getByLabel('收件地址').fill('');
    await ok(page);
    await consoleShell(page).message(`测试邮件已发送至 ${adminMail}`).waitFor();
    await h.screenshot(page, 'notify-smtp-test-sent-1440-zh');
    await expect.poll(() => received.filter((m) => m.to === adminMail).length).toBe(1);
    expect(received[0]?.raw).toContain('Subject:');

    // A wrong password: the server refuses the login, and the administrator is told so in Chinese.
    const dialog = await settingsDialog(page);
    await dialog.getByLabel('密码').fill('wrong-password');
    await ok(page);
    await consoleShell(page).message('邮件设置已保存').waitFor();
    await consoleShell(page)
      .main.getByRole('button', { name: /发送测试邮件/ })
      .click();
    await ok(page);
    await consoleShell(page).message('SMTP服务器拒绝登录，请检查用户名与密码').waitFor();
    await h.screenshot(page, 'notify-smtp-test-refused-1440-zh');
    await page
      .getByRole('dialog', { name: '发送测试邮件' })
      .getByRole('button', { name: /取\s*消/ })
      .click();

    // Mail off again, as the demo starts.
    const off = await settingsDialog(page);
    await off.getByLabel('启用邮件提醒').click();
    await ok(page);
    await consoleShell(page).message('邮件设置已保存').waitFor();
    await page.context().close();
    expect(errors).toEqual([]);
  });

  it('reads in English', async () => {
    const page = await open(DEMO_TENANT_ADMIN);
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await consoleShell(page)
      .main.getByRole('button', { name: /Mail settings/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Mail settings' });
    await dialog.getByLabel('SMTP server').waitFor();
    await dialog.getByLabel('Sender address').waitFor();
    await dialog.getByText('Set; leave empty to keep it').waitFor();
    // Every label and hint is English (the values are the tenant's data).
    const labels = await dialog
      .locator('label, .ant-form-item-extra, .ant-alert, .ant-modal-title')
      .allTextContents();
    expect(labels.filter((text) => /[\u3400-\u9fff]/.test(text))).toEqual([]);
    await h.screenshot(page, 'notify-smtp-settings-1440-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.context().close();
  });

  it('shows the agent neither action', async () => {
    const page = await open(AGENT);
    await consoleShell(page).main.getByText('全部已读').waitFor();
    expect(
      await consoleShell(page)
        .main.getByRole('button', { name: /邮件设置/ })
        .count(),
    ).toBe(0);
    expect(
      await consoleShell(page)
        .main.getByRole('button', { name: /发送测试邮件/ })
        .count(),
    ).toBe(0);
    await page.context().close();
  });
});
