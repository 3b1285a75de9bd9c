import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import { loadConfig } from '../../../config.js';
import { withPlatformScope } from '../../../db/row-scope.js';

const PUT_FILE = '/api/cube-resource/oss/endpoint/put-file';
const FILES = '/api/cube-resource/oss/file';
const MAX_BYTES = 64 * 1024;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR-test-image'),
]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-test')]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml')]);
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');

function multipart(fieldName: string, fileName: string, content: Buffer) {
  const boundary = `----cube-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Every regular file under a directory, relative to it. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((p) =>
    statSync(path.join(root, p)).isFile(),
  );
}

describe.each(dialects)('file upload on %s', (dialect) => {
  let t: TestApp;
  let tenantUser: string;
  let platformAdmin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { CUBE_UPLOAD_MAX_BYTES: String(MAX_BYTES) });
    tenantUser = (await t.token(DEMO.tenantUser)).access_token;
    platformAdmin = (await t.token(DEMO.platformAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = async (token: string | undefined, fileName: string, content: Buffer, fieldName = 'file') => {
    const body = multipart(fieldName, fileName, content);
    const res = await t.app.inject({
      method: 'POST',
      url: PUT_FILE,
      headers: {
        authorization: basic(),
        'content-type': body.contentType,
        ...(token ? { 'cube-auth': `bearer ${token}` } : {}),
      },
      payload: body.payload,
    });
    return { statusCode: res.statusCode, body: JSON.parse(res.body) };
  };
  const serve = (urlPath: string) => t.app.inject({ method: 'GET', url: urlPath });
  const filesRoot = () => path.join(t.config.dataDir, 'files');

  it('stores an image under a generated name in the caller’s tenant and serves it inline to an <img>', async () => {
    const res = await upload(tenantUser, '头像.PNG', PNG);
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    expect(data.name).toMatch(/^100000\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(data).toEqual({
      link: `${FILES}/${data.name}`,
      domain: FILES,
      name: data.name,
      originalName: '头像.PNG',
    });
    expect(filesUnder(filesRoot())).toEqual([path.join(...data.name.split('/'))]);

    // No token: <img> cannot send one.
    const served = await serve(data.link);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="${data.name.split('/').pop()}"`,
    });
    expect(served.headers['content-security-policy']).toContain('sandbox');

    const jpeg = await upload(platformAdmin, 'photo.jpeg', JPG);
    expect(jpeg.body.data.name).toMatch(/^000000\/\d{8}\/[0-9a-f]{32}\.jpg$/);
    expect((await serve(jpeg.body.data.link)).headers['content-type']).toBe('image/jpeg');
  });

  it('serves documents as downloads', async () => {
    for (const [fileName, content, type] of [
      ['专利申请书.pdf', PDF, 'application/pdf'],
      ['费用清单.docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ] as const) {
      const res = await upload(tenantUser, fileName, content);
      expect(res.statusCode, fileName).toBe(200);
      const served = await serve(res.body.data.link);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['content-disposition']).toMatch(
        /^attachment; filename="[0-9a-f]{32}\.(pdf|docx)"$/,
      );
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(content)).toBe(true);
    }
  });

  it('refuses types off the list and content that does not match its extension', async () => {
    const before = filesUnder(filesRoot());
    const cases: Array<[string, Buffer, string]> = [
      ['page.html', HTML, '不支持的文件类型，仅支持 jpg、png、gif、webp、pdf、doc、xls、docx、xlsx'],
      [
        'logo.svg',
        Buffer.from('<svg onload="alert(1)"/>'),
        '不支持的文件类型，仅支持 jpg、png、gif、webp、pdf、doc、xls、docx、xlsx',
      ],
      [
        'run.js',
        Buffer.from('alert(1)'),
        '不支持的文件类型，仅支持 jpg、png、gif、webp、pdf、doc、xls、docx、xlsx',
      ],
      ['no-extension', PNG, '不支持的文件类型，仅支持 jpg、png、gif、webp、pdf、doc、xls、docx、xlsx'],
      ['evil.png', HTML, '文件内容与文件类型不符'],
      ['photo.jpg', PNG, '文件内容与文件类型不符'],
      ['polyglot.png', Buffer.concat([HTML, PNG]), '文件内容与文件类型不符'],
      ['report.pdf', DOCX, '文件内容与文件类型不符'],
      ['empty.png', Buffer.alloc(0), '上传文件不能为空'],
    ];
    for (const [fileName, content, message] of cases) {
      const res = await upload(tenantUser, fileName, content);
      expect(res.statusCode, fileName).toBe(400);
      expect(res.body, fileName).toMatchObject({ code: 400, success: false, msg: message });
    }
    expect(filesUnder(filesRoot())).toEqual(before);
  });

  it('answers 413 with a Chinese message above the configured size and keeps nothing', async () => {
    const before = filesUnder(filesRoot());
    const res = await upload(tenantUser, 'big.png', Buffer.concat([PNG, Buffer.alloc(MAX_BYTES)]));
    expect(res.statusCode).toBe(413);
    expect(res.body).toEqual({ code: 413, success: false, msg: '上传文件大小不能超过64KB', data: {} });
    // Declared far beyond the cap: refused before the body is read.
    const huge = await upload(tenantUser, 'huge.png', Buffer.concat([PNG, Buffer.alloc(MAX_BYTES * 4)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.body.msg).toBe('上传文件大小不能超过64KB');
    const exact = await upload(
      tenantUser,
      'exact.png',
      Buffer.concat([PNG, Buffer.alloc(MAX_BYTES - PNG.length)]),
    );
    expect(exact.statusCode).toBe(200);
    expect(filesUnder(filesRoot())).toHaveLength(before.length + 1);
  });

  it('defaults the size cap to 5 MB', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-config-'));
    try {
      const config = loadConfig({ NODE_ENV: 'test', CUBE_DATA_DIR: dataDir });
      expect(config.uploadMaxBytes).toBe(5 * 1024 * 1024);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('never lets a client-supplied name choose where a file lands', async () => {
    for (const fileName of [
      '../../../secrets.png',
      '..\\..\\evil.png',
      '/etc/cron.d/x.png',
      'a\u0000b.png',
      '%2e%2e%2fx.png',
    ]) {
      const res = await upload(tenantUser, fileName, PNG);
      expect(res.statusCode, fileName).toBe(200);
      expect(res.body.data.name, fileName).toMatch(/^100000\/\d{8}\/[0-9a-f]{32}\.png$/);
      expect(res.body.data.originalName, fileName).not.toMatch(/[/\\]/);
      expect(res.body.data.originalName, fileName).not.toContain('\u0000');
    }
    // Everything the server wrote sits in <dataDir>/files/<tenant>/<day>/.
    for (const file of filesUnder(t.config.dataDir).filter((f) => !/^cube\.db|^secrets\.json$/.test(f))) {
      expect(file).toMatch(/^files[/\\]\d{6}[/\\]\d{8}[/\\][0-9a-f]{32}\.[a-z]+$/);
    }
  });

  it('finds only names of the generated shape, so no path can reach outside the store', async () => {
    const stored = (await upload(tenantUser, 'a.png', PNG)).body.data.name as string;
    const [tenant, day, file] = stored.split('/');
    for (const attempt of [
      `${FILES}/../../secrets.json`,
      `${FILES}/..%2f..%2fsecrets.json`,
      `${FILES}/%2e%2e/%2e%2e/secrets.json`,
      `${FILES}/${tenant}/${day}/..%2f..%2f..%2fsecrets.json`,
      `${FILES}//etc/passwd`,
      `${FILES}/${tenant}/${day}/${file}/..`,
      `${FILES}/${tenant}/${day}/${file?.replace('.png', '.html')}`,
      `${FILES}/${tenant}/${day}/${'0'.repeat(32)}.png`,
      `${FILES}/${tenant}/${day}/${file?.toUpperCase()}`,
      `${FILES}/${tenant}/${day}`,
      `${FILES}/`,
    ]) {
      const res = await serve(attempt);
      expect(res.statusCode, attempt).toBe(404);
      expect(JSON.parse(res.body), attempt).toMatchObject({ code: 404, success: false });
      expect(res.body, attempt).not.toContain(t.config.jwtSecret);
    }
  });

  it('refuses anonymous uploads, other fields and bodies that are not multipart', async () => {
    expect((await upload(undefined, 'a.png', PNG)).statusCode).toBe(401);
    const wrongField = await upload(tenantUser, 'a.png', PNG, 'avatar');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.body.msg).toBe('请选择要上传的文件');
    const json = await t.call('POST', PUT_FILE, tenantUser, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.body.msg).toBe('请选择要上传的文件');
  });
});

describe.each(dialects)('own profile on %s', (dialect) => {
  let t: TestApp;
  let tenantUser: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    tenantUser = (await t.token(DEMO.tenantUser)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const updateInfo = (body: Record<string, unknown>) =>
    t.call('POST', '/api/cube-user/update-info', tenantUser, body);
  const info = async () => (await t.call('GET', '/api/cube-user/info', tenantUser)).body.data;

  it('updates the caller’s avatar, names, phone and email, and nothing else', async () => {
    const before = await info();
    const avatar = '/api/cube-resource/oss/file/100000/20260101/0123456789abcdef0123456789abcdef.png';
    const res = await updateInfo({
      id: '1123598821738675201',
      avatar,
      name: '小李',
      realName: '李晓雯',
      phone: '13700001111',
      email: 'xiaowen.li@lifang-ip.cn',
      account: 'hijacked',
      roleId: '1123598816738675201',
      tenantId: '000000',
      password: 'x',
      status: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ code: 200, success: true });
    const after = await info();
    expect(after).toEqual({
      ...before,
      avatar,
      name: '小李',
      realName: '李晓雯',
      phone: '13700001111',
      email: 'xiaowen.li@lifang-ip.cn',
      updateTime: after.updateTime,
    });
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    // The platform administrator's row is untouched, and the password still works.
    const platformAdmin = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('cubeUser')
        .select(['name'])
        .where('id', '=', '1123598821738675201')
        .executeTakeFirstOrThrow(),
    );
    expect(platformAdmin.name).toBe('管理员');
    expect((await t.login(DEMO.tenantUser)).statusCode).toBe(200);

    const partial = await updateInfo({ phone: '13911112222' });
    expect(partial.statusCode).toBe(200);
    expect(await info()).toMatchObject({ name: '小李', phone: '13911112222', avatar });
    await updateInfo({ avatar: '', email: '' });
    expect(await info()).toMatchObject({
      avatar: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      email: '',
    });
  });

  it('answers the profile form’s validation messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ phone: '' }, '请输入手机号码'],
      [{ phone: '1370000111' }, '手机号码长度不正确'],
      [{ phone: '137000011112' }, '手机号码长度不正确'],
      [{ phone: '23700001111' }, '手机号码格式不正确'],
      [{ phone: '1370000111a' }, '手机号码格式不正确'],
      [{ email: 'not-an-email' }, '邮箱格式不正确'],
      [{ name: ' ' }, '请输入用户昵称'],
      [{ realName: '' }, '请输入用户姓名'],
      [{ avatar: 'javascript:alert(1)' }, '头像地址不正确'],
      [{ avatar: '/api/cube-resource/oss/file/../../secrets.json' }, '头像地址不正确'],
    ];
    const before = await info();
    for (const [body, message] of cases) {
      const res = await updateInfo(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toBe(message);
    }
    expect(await info()).toEqual(before);
    expect((await t.call('POST', '/api/cube-user/update-info', undefined, { name: 'x' })).statusCode).toBe(
      401,
    );
  });
});
