import type { AddressInfo } from 'node:net';
import { NOTIFICATION_API, NotificationMessage } from '@cube/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';

/**
 * The tenant's mail settings and 发送测试邮件 on both databases: only the tenant administrator (holding the
 * 邮件设置 button) reads, saves and tests them; the password is never answered; the test mail goes through the
 * stored settings to a local SMTP server, to the typed address or the caller's own; a refused login, a refused
 * address and a server that is not there each answer their own Chinese message.
 */

const WHO = {
  ...DEMO,
  manager: { tenantId: '100000', username: 'manager', password: 'Manager@2026' },
  agent: { tenantId: '100000', username: 'agent', password: 'Agent@2026' },
};
type Who = keyof typeof WHO;
/** The demo tenant administrator's own address (seed/demo-data.ts). */
const ADMIN_MAIL = 'zhang.mingyuan@lifang-ip.cn';
const SMTP = `${NOTIFICATION_API}/smtp`;

interface Received {
  from: string;
  to: string;
  raw: string;
  user: string;
}

/** A local SMTP server that accepts `mailer` / `s3cret-smtp` and refuses mail to `nobody@…`. */
async function localSmtp(received: Received[]) {
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === 's3cret-smtp')
        return cb(null, { user: auth.username });
      return cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      if (address.address.startsWith('nobody@')) return cb(new Error('Mailbox unavailable'));
      return cb();
    },
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString();
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          raw,
          user: String(session.user),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port };
}

describe.each(dialects)('mail settings and the test mail on %s', { timeout: 180_000 }, (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (who: Who) => tokens[who] as string;
  const received: Received[] = [];
  let smtp: Awaited<ReturnType<typeof localSmtp>>;
  const settings = () => ({
    enabled: true,
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    username: 'mailer',
    password: 's3cret-smtp',
    fromAddress: 'noreply@lifang-ip.cn',
  });

  beforeAll(async () => {
    t = await createTestApp(dialect, { CUBE_NOTIFY_MAIL: 'off' });
    smtp = await localSmtp(received);
    for (const who of Object.keys(WHO) as Who[]) tokens[who] = (await t.token(WHO[who])).access_token;
  }, 120_000);
  afterAll(async () => {
    smtp?.server.close();
    await t?.close();
  }, 120_000);

  it('is the tenant administrator’s: staff are refused on every route, the button is seeded for the administrator', async () => {
    for (const who of ['agent', 'manager', 'tenantUser'] as const) {
      expect((await t.call('GET', SMTP, as(who))).statusCode).toBe(403);
      expect((await t.call('POST', SMTP, as(who), settings())).statusCode).toBe(403);
      expect((await t.call('POST', `${SMTP}/test`, as(who), { to: ADMIN_MAIL })).statusCode).toBe(403);
    }
    expect((await t.call('GET', SMTP)).statusCode).toBe(401);
    const buttons = async (who: Who) =>
      JSON.stringify((await t.call('GET', '/api/cube-system/menu/buttons', as(who))).body.data);
    expect(await buttons('tenantAdmin')).toContain('"notify_smtp"');
    expect(await buttons('agent')).not.toContain('"notify_smtp"');
    // A new tenant's default grants (tenant.default.menuCode) carry 工作台, 消息中心 and the button.
    const param = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeParam')
        .select('paramValue')
        .where('paramKey', '=', 'tenant.default.menuCode')
        .executeTakeFirstOrThrow(),
    );
    expect(param.paramValue.split(',')).toContain('desk');
  });

  it('asks for settings first, then saves them with the contract’s checks and never answers the password', async () => {
    const missing = await t.call('POST', `${SMTP}/test`, as('tenantAdmin'), {});
    expect(missing.body).toMatchObject({ code: 400, msg: NotificationMessage.smtpMissing });
    const refused = await t.call('POST', SMTP, as('tenantAdmin'), { ...settings(), host: '', port: 70000 });
    expect(refused.statusCode).toBe(400);
    expect(refused.raw).toMatch(
      new RegExp(`${NotificationMessage.hostRequired}|${NotificationMessage.portInvalid}`),
    );
    expect((await t.call('POST', SMTP, as('tenantAdmin'), settings())).statusCode).toBe(200);
    const answer = await t.call('GET', SMTP, as('tenantAdmin'));
    expect(answer.body.data).toEqual({
      enabled: true,
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      username: 'mailer',
      fromAddress: 'noreply@lifang-ip.cn',
      passwordSet: true,
    });
    expect(answer.raw).not.toContain('s3cret');
    // Saved again without a password: the stored one stays.
    const { password: _kept, ...rest } = settings();
    expect((await t.call('POST', SMTP, as('tenantAdmin'), rest)).statusCode).toBe(200);
    expect((await t.call('GET', SMTP, as('tenantAdmin'))).body.data).toMatchObject({ passwordSet: true });
    // The operation log shows the change without the password (written off the request path).
    const opLogs = () =>
      withPlatformScope(() =>
        t.deps.db.db
          .selectFrom('cubeLogUsual')
          .select('logData')
          .where('logId', 'like', 'op.notify.%')
          .execute(),
      );
    await expect.poll(async () => (await opLogs()).length).toBeGreaterThan(0);
    expect(JSON.stringify(await opLogs())).not.toContain('s3cret');
  });

  it('sends the test mail through the stored settings to the caller’s own address or a typed one', async () => {
    const own = await t.call('POST', `${SMTP}/test`, as('tenantAdmin'), {});
    expect(own.body, own.raw).toMatchObject({ code: 200, data: { to: ADMIN_MAIL } });
    expect(own.body.msg).toContain(NotificationMessage.testSent);
    const typed = await t.call('POST', `${SMTP}/test`, as('tenantAdmin'), { to: 'it@lifang-ip.cn' });
    expect(typed.body).toMatchObject({ code: 200, data: { to: 'it@lifang-ip.cn' } });
    expect(received.map((m) => m.to)).toEqual([ADMIN_MAIL, 'it@lifang-ip.cn']);
    expect(received.every((m) => m.user === 'mailer' && m.from === 'noreply@lifang-ip.cn')).toBe(true);
    expect(received[0]?.raw).toContain('Subject:');
    // A typed address must be one.
    const bad = await t.call('POST', `${SMTP}/test`, as('tenantAdmin'), { to: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.raw).toContain(NotificationMessage.toInvalid);
  });

  it('says in Chinese why a test mail did not go: address refused, login refused, server unreachable', async () => {
    const count = received.length;
    const nobody = await t.call('POST', `${SMTP}/test`, as('tenantAdmin'), { to: 'nobody@lifang-ip.cn' });
    expect(nobody.body).toMatchObject({ code: 400, msg: NotificationMessage.smtpRecipientRefused });

    await t.call('POST', SMTP, as('tenantAdmin'), { ...settings(), password: 'wrong-password' });
    const login = await t.call('POST', `${SMTP}/test`, as('tenantAdmin'), {});
    expect(login.body).toMatchObject({ code: 400, msg: NotificationMessage.smtpAuthRefused });

    // A port nothing listens on (a server opened and closed again).
    const gone = await localSmtp([]);
    await new Promise<void>((resolve) => gone.server.close(() => resolve()));
    await t.call('POST', SMTP, as('tenantAdmin'), { ...settings(), port: gone.port });
    const unreachable = await t.call('POST', `${SMTP}/test`, as('tenantAdmin'), {});
    expect(unreachable.body).toMatchObject({ code: 400, msg: NotificationMessage.smtpUnreachable });
    expect(received.length).toBe(count);
  });

  it('is rate-limited like the other sensitive routes', async () => {
    let limited = false;
    for (let i = 0; i < 12 && !limited; i++) {
      const res = await t.call('POST', `${SMTP}/test`, as('tenantAdmin'), { to: 'x' });
      limited = res.statusCode === 429;
    }
    expect(limited).toBe(true);
  });
});
