import { createHash, createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { SECRET_MASK, SMS_ALIYUN, SMS_TENCENT, SmsProviderMessage, smsProviderEntity } from '@cube/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { runCrudKit } from '../../../test/kit/crud-kit.js';
import { json, type ProviderFake, startProviderFake } from '../../../test/provider-fakes.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { BizError } from '../../platform/errors.js';
import { MemoryStore } from '../../platform/store.js';
import { SmsLogin } from './sms.js';

const m = smsProviderEntity.messages;

runCrudKit({
  entity: smsProviderEntity,
  table: 'cubeSmsProvider',
  admin: 'tenantAdmin',
  outsider: 'tenantUser',
  // Disabled samples: a tenant may enable one service only (tested below).
  sample: (n) => ({
    name: `短信${n}`,
    category: SMS_ALIYUN,
    accessKeyId: `LTAI-${n}`,
    accessKeySecret: `secret-${n}`,
    signName: '立方知识产权',
    templateCode: `SMS_${n}`,
    enabled: 0,
  }),
  change: { name: '已修改', templateCode: 'SMS_999' },
  invalid: [
    { input: { name: '' }, message: m.nameRequired },
    { input: { category: 9 }, message: m.categoryRequired },
    { input: { accessKeyId: '' }, message: m.accessKeyIdRequired },
    { input: { accessKeySecret: '' }, message: m.accessKeySecretRequired },
    { input: { signName: '' }, message: m.signNameRequired },
    { input: { templateCode: '' }, message: m.templateCodeRequired },
    { input: { category: SMS_TENCENT, sdkAppId: '' }, message: m.sdkAppIdRequired },
    { input: { templateParam: 'a b' }, message: m.templateParamInvalid },
  ],
  optional: ['sdkAppId', 'region', 'templateParam', 'remark'],
  masked: ['accessKeySecret'],
});

/** Alibaba Cloud's RPC signature (HMAC-SHA1 over the sorted, percent-encoded parameters), recomputed here. */
function aliyunSignature(params: URLSearchParams, secret: string): string {
  const encode = (v: string) =>
    encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const canonical = [...params.entries()]
    .filter(([k]) => k !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&');
  return createHmac('sha1', `${secret}&`)
    .update(`POST&${encode('/')}&${encode(canonical)}`)
    .digest('base64');
}

/** Tencent Cloud's TC3-HMAC-SHA256 signature of a JSON POST, recomputed here. */
function tencentSignature(body: string, timestamp: number, secretKey: string): string {
  const sha = (v: string) => createHash('sha256').update(v).digest('hex');
  const hmac = (key: string | Buffer, v: string) => createHmac('sha256', key).update(v).digest();
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const canonical = `POST\n/\n\ncontent-type:application/json\nhost:sms.tencentcloudapi.com\n\ncontent-type;host\n${sha(body)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${sha(canonical)}`;
  const key = hmac(hmac(hmac(`TC3${secretKey}`, date), 'sms'), 'tc3_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

// Before any test app of this file sends (the SDKs are loaded on the first send, platform/lazy-modules.ts).
it('loads no vendor SDK until a tenant sends through one', () => {
  const cache = createRequire(import.meta.url).cache;
  const loaded = Object.keys(cache).filter(
    (k) => k.includes('@alicloud/pop-core') || k.includes('tencentcloud-sdk-nodejs-sms'),
  );
  expect(loaded).toEqual([]);
});

/**
 * Phone sign-in codes through each tenant's cloud SMS service: the vendors' SDKs against a local fake of their
 * APIs (reached under the real host names through the guarded agent), what they send (signature, number,
 * template and its parameter), the refusals mapped to Chinese messages with nothing kept as sent, and the guard.
 */
describe.each(dialects)('SMS providers on %s', (dialect) => {
  let t: TestApp;
  let fake: ProviderFake;
  let admin: string;
  const phone = '13800138456';
  let providerId = '';

  beforeAll(async () => {
    fake = await startProviderFake();
    t = await createTestApp(dialect, {}, undefined, {
      configure: (config) => {
        config.outbound = { ...config.outbound, network: fake.network };
      },
    });
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
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
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.privateHosts.clear();
  });

  let ip = 0;
  /** Each send from its own address and a fresh minute: the limits are sms-login.test.ts's subject. */
  const send = async (p = phone) => {
    await t.deps.store.delete(`sms:resend:100000:${p}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/sms-code',
      query: { tenantId: '100000', phone: p },
      remoteAddress: `10.9.0.${++ip}`,
    });
    return { statusCode: res.statusCode, body: JSON.parse(res.body) };
  };
  const grant = async (code: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      query: { tenantId: '100000', phone, code, grant_type: 'sms_code', scope: 'all' },
      headers: { authorization: basic(), 'tenant-id': '100000' },
    });
    return { statusCode: res.statusCode, body: JSON.parse(res.body) };
  };
  const configure = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/cube-system/sms-provider/submit', admin, body);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    return res.body.data.id as string;
  };

  it('Alibaba Cloud: SendSms signed with the AccessKey, the number, sign name, template and its code', async () => {
    providerId = await configure({
      name: '阿里云短信',
      category: SMS_ALIYUN,
      accessKeyId: 'LTAI-test-key',
      accessKeySecret: 'ali-secret-value',
      signName: '立方知识产权',
      templateCode: 'SMS_123456',
      templateParam: 'code',
    });
    fake.routes.set('dysmsapi.aliyuncs.com/', (_req, res) =>
      json(res, 200, { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'r-1' }),
    );
    const res = await send();
    expect(res.body).toMatchObject({ code: 200, msg: '验证码已发送' });
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0];
    expect(sent).toMatchObject({ host: 'dysmsapi.aliyuncs.com', method: 'POST', path: '/' });
    const params = new URLSearchParams(sent?.body);
    expect(Object.fromEntries(params)).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      AccessKeyId: 'LTAI-test-key',
      SignatureMethod: 'HMAC-SHA1',
      PhoneNumbers: phone,
      SignName: '立方知识产权',
      TemplateCode: 'SMS_123456',
    });
    expect(params.get('Signature')).toBe(aliyunSignature(params, 'ali-secret-value'));
    const code = (JSON.parse(params.get('TemplateParam') ?? '{}') as { code: string }).code;
    expect(code).toMatch(/^\d{6}$/);
    // The code that went out signs in; nothing went to the development log.
    expect(t.logs.some((l) => l.includes('sms_code_dev') && l.includes(phone))).toBe(false);
    expect((await grant(code)).body.access_token).toBeTruthy();
  });

  it('keeps the AccessKey secret sealed at rest and answers only its mask', async () => {
    const row = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeSmsProvider')
        .select('accessKeySecret')
        .where('id', '=', providerId)
        .executeTakeFirstOrThrow(),
    );
    expect(row.accessKeySecret).toMatch(/^v1:/);
    expect(row.accessKeySecret).not.toContain('ali-secret-value');
    const shown = await t.call('GET', `/api/cube-system/sms-provider/detail?id=${providerId}`, admin);
    expect(shown.body.data.accessKeySecret).toBe(SECRET_MASK);
    const list = await t.call('GET', '/api/cube-system/sms-provider/list', admin);
    expect(JSON.stringify(list.body)).not.toContain('ali-secret-value');
    // Saving the mask back keeps the stored secret.
    await configure({ ...shown.body.data, accessKeySecret: SECRET_MASK, name: '阿里云短信（主）' });
    const after = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeSmsProvider')
        .select('accessKeySecret')
        .where('id', '=', providerId)
        .executeTakeFirstOrThrow(),
    );
    expect(after.accessKeySecret).toBe(row.accessKeySecret);
  });

  it('Alibaba Cloud refusals: a clear Chinese message, no code kept, the visitor may ask again at once', async () => {
    await t.deps.store.delete(`sms:resend:100000:${phone}`);
    for (const [vendorCode, message] of [
      ['isv.BUSINESS_LIMIT_CONTROL', SmsProviderMessage.TOO_FREQUENT],
      ['isv.SMS_SIGNATURE_ILLEGAL', SmsProviderMessage.MISCONFIGURED],
      ['isv.AMOUNT_NOT_ENOUGH', SmsProviderMessage.BALANCE],
      ['isv.SOMETHING_NEW', SmsProviderMessage.REFUSED],
    ] as const) {
      fake.routes.set('dysmsapi.aliyuncs.com/', (_req, res) =>
        json(res, 400, { Code: vendorCode, Message: 'refused', RequestId: 'r-2' }),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cube-auth/oauth/sms-code',
        query: { tenantId: '100000', phone },
        remoteAddress: `10.9.1.${++ip}`,
      });
      expect(JSON.parse(res.body), vendorCode).toMatchObject({ code: 400, success: false, msg: message });
      const code = JSON.parse(
        new URLSearchParams(fake.requests.at(-1)?.body).get('TemplateParam') ?? '{}',
      ).code;
      expect(await t.deps.store.get(`sms:code:100000:${phone}`)).toBeNull();
      expect((await grant(code)).statusCode).toBe(400);
      expect(t.logs.some((l) => l.includes('sms_send_failed') && l.includes(vendorCode))).toBe(true);
    }
    // The log names the number masked only.
    expect(t.logs.filter((l) => l.includes('sms_send_failed')).every((l) => !l.includes(phone))).toBe(true);
  });

  it('an unknown number gets the same answer and nothing reaches the vendor', async () => {
    fake.routes.set('dysmsapi.aliyuncs.com/', (_req, res) => json(res, 200, { Code: 'OK' }));
    const res = await send('13900000001');
    expect(res.body).toMatchObject({ code: 200, msg: '验证码已发送' });
    expect(fake.requests).toHaveLength(0);
  });

  it('goes through the outbound guard: a vendor name resolving to a private address is never reached', async () => {
    fake.privateHosts.add('dysmsapi.aliyuncs.com');
    // A kept-alive connection was opened to a checked address; a new one must resolve (and be refused).
    await fake.dropConnections();
    const res = await send();
    expect(res.body).toMatchObject({ code: 400, msg: SmsProviderMessage.UNAVAILABLE });
    expect(fake.requests).toHaveLength(0);
    expect(await t.deps.store.get(`sms:code:100000:${phone}`)).toBeNull();
  });

  it('enables one service per tenant', async () => {
    const res = await t.call('POST', '/api/cube-system/sms-provider/submit', admin, {
      name: '腾讯云短信',
      category: SMS_TENCENT,
      accessKeyId: 'AKID-test',
      accessKeySecret: 'tc-secret-value',
      sdkAppId: '1400000001',
      signName: '立方知识产权',
      templateCode: '1234567',
      enabled: 1,
    });
    expect(res.body).toMatchObject({ code: 400, msg: m.oneEnabled });
  });

  it('Tencent Cloud: SendSms signed TC3-HMAC-SHA256 with the app, number, sign, template and code', async () => {
    const current = await t.call('GET', `/api/cube-system/sms-provider/detail?id=${providerId}`, admin);
    await configure({ ...current.body.data, enabled: 0 });
    await configure({
      name: '腾讯云短信',
      category: SMS_TENCENT,
      accessKeyId: 'AKID-test',
      accessKeySecret: 'tc-secret-value',
      sdkAppId: '1400000001',
      signName: '立方知识产权',
      templateCode: '1234567',
      region: 'ap-beijing',
      enabled: 1,
    });
    fake.routes.set('sms.tencentcloudapi.com/', (_req, res) =>
      json(res, 200, {
        Response: {
          SendStatusSet: [
            { SerialNo: 's-1', PhoneNumber: `+86${phone}`, Code: 'Ok', Message: 'send success' },
          ],
          RequestId: 'r-3',
        },
      }),
    );
    const res = await send();
    expect(res.body).toMatchObject({ code: 200, msg: '验证码已发送' });
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0];
    expect(sent).toMatchObject({ host: 'sms.tencentcloudapi.com', method: 'POST', path: '/' });
    expect(sent?.headers).toMatchObject({
      'x-tc-action': 'SendSms',
      'x-tc-version': '2021-01-11',
      'x-tc-region': 'ap-beijing',
    });
    const body = JSON.parse(sent?.body ?? '{}');
    expect(body).toMatchObject({
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: '1400000001',
      SignName: '立方知识产权',
      TemplateId: '1234567',
    });
    const timestamp = Number(sent?.headers['x-tc-timestamp']);
    const authorization = String(sent?.headers.authorization);
    expect(authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKID-test\/\d{4}-\d\d-\d\d\/sms\/tc3_request, /,
    );
    expect(authorization).toContain(
      `Signature=${tencentSignature(sent?.body ?? '', timestamp, 'tc-secret-value')}`,
    );
    const [code] = body.TemplateParamSet as string[];
    expect(code).toMatch(/^\d{6}$/);
    expect((await grant(code ?? '')).body.access_token).toBeTruthy();
  });

  it('Tencent Cloud refusals, of the request and of the number, are mapped and nothing is kept', async () => {
    fake.routes.set('sms.tencentcloudapi.com/', (_req, res) =>
      json(res, 200, {
        Response: { Error: { Code: 'AuthFailure.SecretIdNotFound', Message: 'no key' }, RequestId: 'r-4' },
      }),
    );
    expect((await send()).body).toMatchObject({ code: 400, msg: SmsProviderMessage.MISCONFIGURED });
    expect(await t.deps.store.get(`sms:code:100000:${phone}`)).toBeNull();
    fake.routes.set('sms.tencentcloudapi.com/', (_req, res) =>
      json(res, 200, {
        Response: {
          SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'daily limit' }],
          RequestId: 'r-5',
        },
      }),
    );
    expect((await send()).body).toMatchObject({ code: 400, msg: SmsProviderMessage.TOO_FREQUENT });
    expect(await t.deps.store.get(`sms:code:100000:${phone}`)).toBeNull();
    fake.routes.set('sms.tencentcloudapi.com/', (_req, res) => res.writeHead(502).end('bad gateway'));
    expect((await send()).body).toMatchObject({ code: 400, msg: SmsProviderMessage.UNAVAILABLE });
  });

  it('without a service, production refuses phone sign-in for every number alike', async () => {
    const login = new SmsLogin({ db: t.deps.db, store: new MemoryStore() }, null);
    for (const p of [phone, '13900000002']) {
      const error = await login.sendCode({ tenantId: '100000', phone: p, ip: '10.0.0.1' }).catch((e) => e);
      expect(error).toBeInstanceOf(BizError);
      expect((error as Error).message).toBe(SmsProviderMessage.NOT_CONFIGURED);
    }
  });
});
