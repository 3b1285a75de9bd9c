import * as contract from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../test/helpers.js';
import { withPlatformScope } from '../db/row-scope.js';
import { access } from './access.js';
import { paramsText } from './log-recorder.js';
import { isSecretKey, REDACT_PATHS, redactText, redactUrl, redactValue, stripServerPaths } from './redact.js';

/**
 * One redaction list (redact.ts) for every log: the test enumerates the contract's schemas for field names that
 * look like secrets, so a new secret field is caught here; each such field is redacted from API-log rows (through
 * the real route), from the request log and from free text; guest tickets stay out of the request log; error
 * details and answers name no absolute server path.
 */

/** Field names that look like secrets but are not, each with why (a new look-alike must be added here on purpose). */
const NOT_SECRETS: Record<string, string> = {
  code: 'an entity code (department, dictionary, region): a secret only as a bare request parameter',
  accessTokenValidity: 'a lifetime in seconds',
  refreshTokenValidity: 'a lifetime in seconds',
  passwordMustChange: 'a flag',
  password_must_change: 'a flag (the token answer)',
  token_type: 'the kind of token (bearer)',
  tokenTime: 'a lifetime',
  tokenUrl: 'a public endpoint of a provider',
};
/** What a secret's name looks like (compared without `_`); wider than the list on purpose, narrowed by NOT_SECRETS. */
const SECRET_LOOKING =
  /secret|password|passwd|pwd|token|ticket|apikey|accesskey|privatekey|credential|oauthid|signature|cookie|^code$|smscode|otp$/i;
const looksSecret = (field: string) => SECRET_LOOKING.test(field.replace(/[-_.]/g, ''));

type Schema = { shape?: Record<string, unknown> };
function fieldNames(): Map<string, Set<string>> {
  const byField = new Map<string, Set<string>>();
  const add = (field: string, where: string) => {
    const set = byField.get(field) ?? new Set<string>();
    set.add(where);
    byField.set(field, set);
  };
  for (const [name, value] of Object.entries(contract)) {
    if (!value || typeof value !== 'object') continue;
    const def = value as { record?: Schema; input?: Schema; shape?: Record<string, unknown> };
    for (const schema of [def.record, def.input, def as Schema])
      for (const field of Object.keys(schema?.shape ?? {})) add(field, name);
  }
  return byField;
}

describe('the redaction list covers every secret-looking field of the contract', () => {
  const fields = fieldNames();
  const secretLooking = [...fields.keys()].filter(looksSecret);

  it('finds the secret fields the product has (the enumeration works)', () => {
    expect(secretLooking).toEqual(
      expect.arrayContaining(['secretKey', 'accessKey', 'accessKeySecret', 'clientSecret', 'password']),
    );
  });

  it.each(secretLooking.filter((f) => !NOT_SECRETS[f]))(
    'redacts %s in every form a log takes it',
    (field) => {
      const marker = `MARK${field.length}x${field}`;
      expect(isSecretKey(field)).toBe(true);
      // API/usual log rows (JSON text of a query or body).
      expect(paramsText({ [field]: marker })).not.toContain(marker);
      expect(paramsText({ nested: { [field]: marker } })).not.toContain(marker);
      // Objects handed to a log (operation log) and free text.
      expect(JSON.stringify(redactValue({ a: [{ [field]: marker }] }))).not.toContain(marker);
      expect(redactText(`${field}=${marker}`)).not.toContain(marker);
      expect(redactText(`{"${field}":"${marker}"}`)).not.toContain(marker);
      // Request URLs.
      expect(redactUrl(`/api/x?${field}=${marker}`)).not.toContain(marker);
    },
  );

  it('redacts a secret query parameter however its name is written, and leaves a query without one as it was', () => {
    const plain = '/api/cube-system/param/list?current=1&size=10&paramName=%E7%A7%9F%E6%88%B7&&x';
    expect(redactUrl(plain)).toBe(plain);
    expect(redactUrl(plain)).toBe(plain);
    for (const url of [
      '/api/x?current=1&pass%77ord=S3cret&size=2',
      '/api/x?access_token=S3cret',
      '/api/x?a=1&Refresh-Token=S3cret',
      '/api/x?size=1&password',
      '/api/x?size=1&password=S3cret&password=S3cret',
    ]) {
      const redacted = redactUrl(url);
      expect(redacted, url).not.toContain('S3cret');
      expect(redacted.startsWith('/api/x?'), url).toBe(true);
    }
    expect(redactUrl('/api/x?current=1&pass%77ord=S3cret&size=2')).toBe(
      '/api/x?current=1&password=%5BREDACTED%5D&size=2',
    );
    // Many distinct names (the caller's to choose) keep working once the store of answers has been cleared.
    for (let i = 0; i < 1200; i++) expect(redactUrl(`/api/x?k${i}=1`)).toBe(`/api/x?k${i}=1`);
    expect(redactUrl('/api/x?token=S3cret')).not.toContain('S3cret');
  });

  it('keeps what only describes a secret readable', () => {
    for (const field of Object.keys(NOT_SECRETS).filter((f) => f !== 'code'))
      expect(isSecretKey(field)).toBe(false);
    expect(paramsText({ deptCode: 'D1', name: 'n' })).toContain('D1');
  });

  it('gives pino paths for the secret fields of bodies and queries', () => {
    for (const field of ['secretKey', 'accessKeySecret', 'oauthId', 'password', 'clientSecret'])
      expect(REDACT_PATHS).toContain(`*.${field}`);
  });

  it('strips the server’s paths from error text', () => {
    const root = process.cwd();
    const stack = `Error: boom\n    at f (${root}/src/app.ts:10:5)\n    at g (file:///usr/lib/node_modules/x/index.js:1:1)`;
    const clean = stripServerPaths(stack);
    expect(clean).not.toContain(root);
    expect(clean).not.toContain('/usr/lib');
    expect(clean).toContain('src/app.ts:10:5');
    expect(clean).toContain('<app>/index.js');
  });
});

describe.each(dialects)('secrets never stored in logs on %s', (dialect) => {
  let t: TestApp;
  let platform: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, (app) => {
      app.get('/api/test-boom', { config: { access: access.authenticated } }, async () => {
        throw new Error(`boom at ${process.cwd()}/secret/place.ts`);
      });
    });
    platform = (await t.token(DEMO.platformAdmin)).access_token;
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const apiRows = async () => {
    await t.deps.audit.flush();
    return withPlatformScope(() =>
      t.deps.db.db.selectFrom('cubeLogApi').select(['requestUri', 'params']).execute(),
    );
  };

  it('keeps every secret field of every entity out of the API log, through its own submit route', async () => {
    const entities = Object.values(contract).filter(
      (v): v is { api: string; input: Schema; scope: string } =>
        !!v && typeof v === 'object' && 'api' in v && 'input' in v && 'permissions' in v,
    );
    const checked: string[] = [];
    for (const entity of entities) {
      const secrets = Object.keys(entity.input.shape ?? {}).filter((f) => looksSecret(f) && !NOT_SECRETS[f]);
      const url = `${entity.api}/submit`;
      if (secrets.length === 0 || !t.routes.some((r) => r.url === url && r.method === 'POST')) continue;
      const body = Object.fromEntries(secrets.map((f) => [f, `LEAK${f}LEAK`]));
      const token = entity.scope === 'global' ? platform : admin;
      await t.call('POST', url, token, body);
      checked.push(...secrets.map((f) => `${url} ${f}`));
    }
    // The S3 secret key and the SMS AccessKey secret were stored in clear before.
    expect(checked).toEqual(
      expect.arrayContaining([
        '/api/cube-resource/oss/submit secretKey',
        expect.stringMatching(/sms.*accessKeySecret$/),
      ]),
    );
    const rows = await apiRows();
    for (const entry of checked) {
      const [url] = entry.split(' ');
      expect(rows.some((r) => r.requestUri === url)).toBe(true);
    }
    const leaked = rows.filter((r) => String(r.params).includes('LEAK'));
    expect(leaked).toEqual([]);
  });

  it('keeps the guest registration ticket and password out of the request log', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/cube-user/register-guest?oauthId=TICKETMARK123&password=PWDMARK123&tenantId=100000',
      payload: {},
    });
    const log = t.logs.join('\n');
    expect(log).toContain('register-guest');
    expect(log).not.toContain('TICKETMARK123');
    expect(log).not.toContain('PWDMARK123');
  });

  it('stores and answers error details without the server’s absolute paths', async () => {
    const res = await t.call('GET', '/api/test-boom', admin);
    expect(res.statusCode).toBe(500);
    expect(res.raw).not.toContain(process.cwd());
    await t.deps.audit.flush();
    const list = await t.call('GET', '/api/cube-log/error/list?size=10', admin);
    const row = list.body.data.records.find((r: { message: string }) => r.message.includes('boom'));
    expect(row).toBeDefined();
    const detail = await t.call('GET', `/api/cube-log/error/detail?id=${row.id}`, admin);
    expect(detail.statusCode).toBe(200);
    expect(detail.raw).not.toContain(process.cwd());
    expect(detail.raw).not.toMatch(/\/(?:work|home|usr|tmp|root)\//);
    expect(detail.body.data.stackTrace).toContain('place.ts');
    const stored = await withPlatformScope(() =>
      t.deps.db.db.selectFrom('cubeLogError').select(['stackTrace', 'fileName', 'message']).execute(),
    );
    expect(JSON.stringify(stored)).not.toContain(process.cwd());
  });
});
