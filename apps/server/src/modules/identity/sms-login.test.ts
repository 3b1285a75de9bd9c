import {
  SMS_CODE_MAX_ATTEMPTS,
  SMS_DAILY_PER_ADDRESS,
  SMS_DAILY_PER_PHONE,
  SmsMessage,
} from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';

/**
 * Phone sign-in: the development provider writes the code to the server log; six digits, one use,
 * five attempts, one send a minute; unknown numbers get the same answer and no code.
 */
describe.each(dialects)('phone sign-in on %s', (dialect) => {
  let t: TestApp;
  const phone = '13800138123';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await withPlatformScope(() =>
      t.deps.db.db
        .updateTable('cubeUser')
        .set({ phone })
        .where('tenantId', '=', '100000')
        .where('account', '=', 'user')
        .execute(),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (p: string, ip = '10.0.0.1') =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/cube-auth/oauth/sms-code',
        query: { tenantId: '100000', phone: p },
        remoteAddress: ip,
      })
      .then((r) => ({ statusCode: r.statusCode, body: JSON.parse(r.body) }));
  const grant = (p: string, code: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/cube-auth/oauth/token',
        query: { tenantId: '100000', phone: p, code, grant_type: 'sms_code', scope: 'all' },
        headers: { authorization: basic(), 'tenant-id': '100000' },
      })
      .then((r) => ({ statusCode: r.statusCode, body: JSON.parse(r.body) }));
  /** The last code the development provider logged for a phone. */
  const loggedCode = (p: string) => {
    const lines = t.logs.filter((l) => l.includes('sms_code_dev') && l.includes(p));
    const last = lines.at(-1);
    return last ? (JSON.parse(last) as { code: string }).code : undefined;
  };

  it('sends a six-digit code to a known number and signs in with it once', async () => {
    const res = await send(phone);
    expect(res.body).toMatchObject({ code: 200, success: true, msg: SmsMessage.SENT });
    const code = loggedCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const ok = await grant(phone, code ?? '');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toMatchObject({ tenant_id: '100000', account: 'user', token_type: 'bearer' });
    const again = await grant(phone, code ?? '');
    expect(again.statusCode).toBe(400);
    expect(again.body.error_description).toBe(SmsMessage.CODE_WRONG);
  });

  it('answers an unknown number exactly as a known one, and sends nothing', async () => {
    const unknown = '13900139000';
    const res = await send(unknown, '10.0.0.2');
    expect(res.body).toMatchObject({ code: 200, success: true, msg: SmsMessage.SENT });
    expect(loggedCode(unknown)).toBeUndefined();
    const login = await grant(unknown, '123456');
    expect(login.body.error_description).toBe(SmsMessage.CODE_WRONG);
  });

  it('refuses a second send within a minute and a malformed number', async () => {
    const other = '13700137000';
    await send(other, '10.0.0.3');
    const soon = await send(other, '10.0.0.3');
    expect(soon.statusCode).toBe(400);
    expect(soon.body.msg).toBe(SmsMessage.TOO_SOON);
    const bad = await send('12345', '10.0.0.3');
    expect(bad.body.msg).toBe(SmsMessage.PHONE_INVALID);
  });

  it('a code dies after five wrong attempts', async () => {
    await t.deps.store.delete(`sms:resend:100000:${phone}`);
    await send(phone, '10.0.0.4');
    const code = loggedCode(phone) ?? '';
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i += 1) {
      expect((await grant(phone, wrongCode)).body.error_description).toBe(SmsMessage.CODE_WRONG);
    }
    const late = await grant(phone, code);
    expect(late.statusCode).toBe(400);
    expect(late.body.error_description).toBe(SmsMessage.CODE_WRONG);
  });

  it('caps the sends a day per phone and per address (the counters are in the shared store)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    // The route's own rate limit (10 a minute per address) comes first; the day's counters are filled directly.
    await t.deps.store.increment(`sms:day:ip:10.0.0.9:${today}`, 86_400, SMS_DAILY_PER_ADDRESS);
    const byAddress = await send('13600001111', '10.0.0.9');
    expect(byAddress.statusCode).toBe(400);
    expect(byAddress.body.msg).toBe(SmsMessage.DAILY_LIMIT);
    await t.deps.store.increment(`sms:day:phone:13600002222:${today}`, 86_400, SMS_DAILY_PER_PHONE);
    const byPhone = await send('13600002222', '10.0.0.10');
    expect(byPhone.body.msg).toBe(SmsMessage.DAILY_LIMIT);
  });
});
