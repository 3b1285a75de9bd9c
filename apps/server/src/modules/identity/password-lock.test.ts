import { AuthMessage } from '@cube/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { md5Hex } from '../../platform/passwords.js';

describe.each(dialects)('password-change lockout on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const changePassword = (token: string, oldPassword: string, newPassword = 'New@2026x') =>
    t.app.inject({
      method: 'POST',
      url: '/api/cube-user/update-password',
      headers: { authorization: basic(), 'cube-auth': `bearer ${token}` },
      query: {
        oldPassword: md5Hex(oldPassword),
        newPassword: md5Hex(newPassword),
        newPassword1: md5Hex(newPassword),
      },
    });

  it('counts wrong old passwords on update-password like failed logins and locks the account', async () => {
    const session = await t.token(DEMO.tenantUser);
    for (let i = 0; i < 4; i++) {
      const res = await changePassword(session.access_token, `wrong-${i}`);
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body).msg).toBe(AuthMessage.OLD_PASSWORD_WRONG);
    }
    // The fifth failure (account.failCount) locks the account, and says so.
    const fifth = await changePassword(session.access_token, 'wrong-5');
    expect(fifth.statusCode).toBe(400);
    expect(JSON.parse(fifth.body).msg).toBe(AuthMessage.TOO_MANY_FAILURES);
    // Locked: the right old password is refused too, and so is the login (the same per-account lock).
    const right = await changePassword(session.access_token, DEMO.tenantUser.password);
    expect(JSON.parse(right.body).msg).toBe(AuthMessage.TOO_MANY_FAILURES);
    const login = await t.login(DEMO.tenantUser);
    expect(login.statusCode).toBe(400);
    expect(login.body.error_description).toBe(AuthMessage.TOO_MANY_FAILURES);
    // Another account of the tenant is untouched.
    expect((await t.login(DEMO.tenantAdmin)).statusCode).toBe(200);

    // After 30 minutes both open again; the password was never changed.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 60 * 1000 });
    const relogin = await t.token(DEMO.tenantUser);
    const changed = await changePassword(
      relogin.access_token,
      DEMO.tenantUser.password,
      DEMO.tenantUser.password,
    );
    // Same password again is a business refusal, not a lock: the counter was cleared by the login.
    expect(JSON.parse(changed.body).msg).toBe('新密码不能与原密码相同');
  });

  it('shares one failure count between the login and update-password', async () => {
    const session = await t.token(DEMO.tenantUser);
    for (let i = 0; i < 3; i++) {
      expect((await t.login({ ...DEMO.tenantUser, password: `wrong-${i}` })).body.error_description).toBe(
        AuthMessage.BAD_CREDENTIALS,
      );
    }
    expect(JSON.parse((await changePassword(session.access_token, 'wrong-a')).body).msg).toBe(
      AuthMessage.OLD_PASSWORD_WRONG,
    );
    expect(JSON.parse((await changePassword(session.access_token, 'wrong-b')).body).msg).toBe(
      AuthMessage.TOO_MANY_FAILURES,
    );
    expect((await t.login(DEMO.tenantUser)).body.error_description).toBe(AuthMessage.TOO_MANY_FAILURES);
  });
});
