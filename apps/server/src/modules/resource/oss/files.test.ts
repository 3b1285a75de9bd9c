import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SECRET_MASK } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../../test/helpers.js';
import {
  S3_ACCESS_KEY,
  S3_SECRET_KEY,
  type S3TestServer,
  startS3Server,
} from '../../../../test/s3-server.js';
import { withPlatformScope } from '../../../db/row-scope.js';
import { contentDisposition } from '../../../platform/export-blob.js';

const ENDPOINT = '/api/cube-resource/oss/endpoint';
const FILES = '/api/cube-resource/oss/file';
const OSS = '/api/cube-resource/oss';
const ATTACH = '/api/cube-resource/attach';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const PDF2 = Buffer.from('%PDF-1.7\n% second version\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR-x'),
]);

function multipart(fileName: string, content: Buffer) {
  const boundary = `----cube-files-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((p) =>
    statSync(path.join(root, p)).isFile(),
  );
}

describe('export-blob', () => {
  it('names a download in ASCII and, for Chinese names, in RFC 5987 filename*', () => {
    expect(contentDisposition('行政区划数据.xlsx')).toBe(
      `attachment; filename="_.xlsx"; filename*=UTF-8''${encodeURIComponent('行政区划数据.xlsx')}`,
    );
    expect(contentDisposition('report (1).pdf', true)).toBe(
      `inline; filename="report_1_.pdf"; filename*=UTF-8''report%20%281%29.pdf`,
    );
    // Quotes and line breaks in a name never break the header.
    expect(contentDisposition('a"b\r\nc.txt')).not.toMatch(/[\r\n]|"b/);
  });
});

describe.each(dialects)('files and attachments on %s', (dialect) => {
  let t: TestApp;
  let s3: S3TestServer;
  let admin: string; // demo tenant 100000 administrator
  let user: string; // demo tenant user without the attachment codes
  let platform: string; // platform tenant 000000 administrator

  const upload = (url: string, token: string | undefined, fileName: string, content: Buffer) => {
    const { payload, contentType } = multipart(fileName, content);
    return t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': contentType, ...(token ? { 'cube-auth': `bearer ${token}` } : {}) },
    });
  };
  const json = (res: { body: string }) => JSON.parse(res.body);
  const download = (id: string, token?: string, inQuery = false) =>
    t.app.inject({
      method: 'GET',
      url: `${ATTACH}/download?id=${id}${inQuery && token ? `&cube-auth=${encodeURIComponent(`bearer ${token}`)}` : ''}`,
      headers: token && !inQuery ? { 'cube-auth': `bearer ${token}` } : {},
    });
  const filesRoot = () => path.join(t.config.dataDir, 'files');
  const saveOss = async (token: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', `${OSS}/submit`, token, body);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
    return res.body.data.id as string;
  };
  const s3Config = (ossCode: string, extra: Record<string, unknown> = {}) => ({
    ossCode,
    category: 1,
    endpoint: s3.endpoint,
    accessKey: S3_ACCESS_KEY,
    secretKey: S3_SECRET_KEY,
    bucketName: s3.bucket,
    region: 'us-east-1',
    ...extra,
  });

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
    user = (await t.token(DEMO.tenantUser)).access_token;
    platform = (await t.token(DEMO.platformAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  describe('local disk (no configuration enabled)', () => {
    it('records an attachment, lists it with its uploader, and keeps the file private', async () => {
      const res = await upload(`${ENDPOINT}/put-file-attach`, admin, '专利说明书.pdf', PDF);
      expect(res.statusCode, res.body).toBe(200);
      const data = json(res).data;
      expect(data.name).toMatch(/^100000\/p\/\d{8}\/[0-9a-f]{32}\.pdf$/);
      expect(data.link).toBe(`${ATTACH}/download?id=${data.attachId}`);
      expect(filesUnder(filesRoot())).toContain(path.join(...data.name.split('/')));

      const list = await t.call('GET', `${ATTACH}/list?originalName=专利说明书`, admin);
      expect(list.body.data.records).toHaveLength(1);
      expect(list.body.data.records[0]).toMatchObject({
        id: data.attachId,
        originalName: '专利说明书.pdf',
        extension: 'pdf',
        attachSize: PDF.length,
        contentType: 'application/pdf',
        createUserName: expect.any(String),
      });
      expect(list.body.data.records[0].createUserName).not.toBe('');

      // Never through the public route, whatever the name.
      expect((await t.app.inject({ method: 'GET', url: `${FILES}/${data.name}` })).statusCode).toBe(404);
      // With the token in the header or (for links the browser opens) in the query.
      const byHeader = await download(data.attachId, admin);
      expect(byHeader.statusCode).toBe(200);
      expect(byHeader.rawPayload.equals(PDF)).toBe(true);
      expect(byHeader.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('专利说明书.pdf')}`,
      );
      expect(byHeader.headers['x-content-type-options']).toBe('nosniff');
      expect((await download(data.attachId, admin, true)).statusCode).toBe(200);
      expect((await download(data.attachId)).statusCode).toBe(401);
      expect((await download(data.attachId, user)).statusCode).toBe(403);
      // Another tenant's administrator does not find it at all.
      expect((await download(data.attachId, platform)).statusCode).toBe(404);
      expect((await t.call('GET', `${ATTACH}/detail?id=${data.attachId}`, platform)).statusCode).toBe(404);
      const platformList = await t.call('GET', `${ATTACH}/list?id_equal=${data.attachId}`, platform);
      expect(platformList.body.data.records).toEqual([]);
    });

    it('answers stat-file for the tenant’s own names only, and removes files within the tenant only', async () => {
      const res = json(await upload(`${ENDPOINT}/put-file`, admin, 'logo.png', PNG)).data;
      const stat = await t.call(
        'GET',
        `${ENDPOINT}/stat-file?fileName=${encodeURIComponent(res.name)}`,
        admin,
      );
      expect(stat.body.data).toMatchObject({
        link: `${FILES}/${res.name}`,
        name: res.name,
        length: PNG.length,
        contentType: 'image/png',
      });
      expect(stat.body.data.putTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const foreignStat = await t.call(
        'GET',
        `${ENDPOINT}/stat-file?fileName=${encodeURIComponent(res.name)}`,
        platform,
      );
      expect(foreignStat.statusCode).toBe(404);
      const foreignRemove = await t.call(
        'POST',
        `${ENDPOINT}/remove-file?fileName=${encodeURIComponent(res.name)}`,
        platform,
      );
      expect(foreignRemove.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `${FILES}/${res.name}` })).statusCode).toBe(200);
      // Removing needs the attachment delete code.
      const byUser = await t.call(
        'POST',
        `${ENDPOINT}/remove-file?fileName=${encodeURIComponent(res.name)}`,
        user,
      );
      expect(byUser.statusCode).toBe(403);
      const removed = await t.call(
        'POST',
        `${ENDPOINT}/remove-file?fileName=${encodeURIComponent(res.name)}`,
        admin,
      );
      expect(removed.body).toMatchObject({ code: 200 });
      expect((await t.app.inject({ method: 'GET', url: `${FILES}/${res.name}` })).statusCode).toBe(404);
      const again = await t.call(
        'POST',
        `${ENDPOINT}/remove-file?fileName=${encodeURIComponent(res.name)}`,
        admin,
      );
      expect(again.statusCode).toBe(404);
      for (const bad of ['../secrets.json', '100000/../../secrets.json', '']) {
        const r = await t.call('GET', `${ENDPOINT}/stat-file?fileName=${encodeURIComponent(bad)}`, admin);
        expect(r.statusCode, bad).toBe(404);
      }
    });

    it('replaces a file’s content under the same name, for the same type only', async () => {
      const first = json(await upload(`${ENDPOINT}/put-file-attach`, admin, '合同.pdf', PDF)).data;
      const cover = (token: string, fileName: string, content: Buffer) =>
        upload(
          `${ENDPOINT}/put-file-by-name-cover?fileName=${encodeURIComponent(first.name)}`,
          token,
          fileName,
          content,
        );
      const res = await cover(admin, '合同v2.pdf', PDF2);
      expect(json(res)).toMatchObject({ code: 200, data: { name: first.name, attachId: first.attachId } });
      expect((await download(first.attachId, admin)).rawPayload.equals(PDF2)).toBe(true);
      const detail = await t.call('GET', `${ATTACH}/detail?id=${first.attachId}`, admin);
      expect(detail.body.data.attachSize).toBe(PDF2.length);
      const wrongType = await cover(admin, 'x.png', PNG);
      expect(json(wrongType)).toMatchObject({ code: 400, msg: '文件类型与原文件不一致' });
      expect((await cover(platform, 'y.pdf', PDF2)).statusCode).toBe(404);
      expect((await cover(user, 'y.pdf', PDF2)).statusCode).toBe(403);
      // Public files too: a user cannot replace someone's avatar by its (visible) name.
      const avatar = json(await upload(`${ENDPOINT}/put-file`, admin, 'me.png', PNG)).data;
      const replaced = await upload(
        `${ENDPOINT}/put-file-by-name-cover?fileName=${encodeURIComponent(avatar.name)}`,
        user,
        'x.png',
        PNG,
      );
      expect(replaced.statusCode).toBe(403);
    });

    it('removes the attachment row and its file together; rows are only made by uploads', async () => {
      const made = json(await upload(`${ENDPOINT}/put-file-attach`, admin, '待删除.pdf', PDF)).data;
      const file = path.join(filesRoot(), ...made.name.split('/'));
      expect(existsSync(file)).toBe(true);
      expect((await t.call('POST', `${ATTACH}/remove?ids=${made.attachId}`, platform)).statusCode).toBe(404);
      expect(existsSync(file)).toBe(true);
      expect((await t.call('POST', `${ATTACH}/remove?ids=${made.attachId}`, admin)).body).toMatchObject({
        code: 200,
      });
      expect(existsSync(file)).toBe(false);
      expect((await download(made.attachId, admin)).statusCode).toBe(404);
      const typed = await t.call('POST', `${ATTACH}/submit`, admin, { originalName: 'x.pdf' });
      expect(typed.body).toMatchObject({ code: 400, msg: '请选择要上传的文件' });
      const renamed = json(await upload(`${ENDPOINT}/put-file-attach`, admin, 'a.pdf', PDF)).data;
      const rename = await t.call('POST', `${ATTACH}/submit`, admin, {
        id: renamed.attachId,
        originalName: '改名.pdf',
      });
      expect(rename.body).toMatchObject({ code: 200 });
    });
  });

  describe('S3-compatible store (s3rver)', () => {
    let ossId: string;

    it('keeps the secret key sealed and answers it masked', async () => {
      ossId = await saveOss(admin, s3Config('s3-main'));
      const detail = await t.call('GET', `${OSS}/detail?id=${ossId}`, admin);
      expect(detail.body.data).toMatchObject({ secretKey: SECRET_MASK, accessKey: S3_ACCESS_KEY, status: 1 });
      const raw = await withPlatformScope(() =>
        t.deps.db.db
          .selectFrom('cubeOss')
          .select('secretKey')
          .where('id', '=', ossId)
          .executeTakeFirstOrThrow(),
      );
      expect(raw.secretKey).not.toContain(S3_SECRET_KEY);
      expect(raw.secretKey).toMatch(/^v1:/);
      // Saving the form back with the mask keeps the stored secret.
      await saveOss(admin, { ...s3Config('s3-main'), id: ossId, secretKey: SECRET_MASK, remark: '改' });
      const after = await withPlatformScope(() =>
        t.deps.db.db
          .selectFrom('cubeOss')
          .select('secretKey')
          .where('id', '=', ossId)
          .executeTakeFirstOrThrow(),
      );
      expect(after.secretKey).toBe(raw.secretKey);
    });

    it('tests the connection against the real bucket', async () => {
      const good = await t.call('POST', `${OSS}/test-connection?id=${ossId}`, admin);
      expect(good.body).toMatchObject({ code: 200, msg: '连接成功' });
      const wrongKey = await saveOss(
        admin,
        s3Config('s3-wrong-key', { accessKey: 'NOT-A-KEY', secretKey: 'not-the-secret' }),
      );
      const denied = await t.call('POST', `${OSS}/test-connection?id=${wrongKey}`, admin);
      expect(denied.body.code).toBe(400);
      expect(denied.body.msg).toMatch(/^连接失败: /);
      const noBucket = await saveOss(admin, s3Config('s3-no-bucket', { bucketName: 'missing-bucket' }));
      const missing = await t.call('POST', `${OSS}/test-connection?id=${noBucket}`, admin);
      expect(missing.body).toMatchObject({ code: 400, msg: '连接失败: 空间不存在' });
      expect((await t.call('POST', `${OSS}/test-connection?id=${ossId}`, platform)).statusCode).toBe(404);
    });

    it('enables one configuration at a time, per tenant', async () => {
      const other = await saveOss(admin, { ossCode: 'local-two', category: 0 });
      expect((await t.call('POST', `${OSS}/enable?id=${other}`, admin)).body).toMatchObject({ code: 200 });
      expect((await t.call('POST', `${OSS}/enable?id=${ossId}`, admin)).body).toMatchObject({ code: 200 });
      const list = await t.call('GET', `${OSS}/list?size=50`, admin);
      const enabled = list.body.data.records.filter((r: { status: number }) => r.status === 2);
      expect(enabled.map((r: { id: string }) => r.id)).toEqual([ossId]);
      expect((await t.call('POST', `${OSS}/enable?id=${ossId}`, platform)).statusCode).toBe(404);
      expect((await t.call('POST', `${OSS}/enable?id=${ossId}`, user)).statusCode).toBe(403);
    });

    it('stores the tenant’s uploads in the bucket under the tenant prefix and serves them back', async () => {
      const localBefore = filesUnder(filesRoot()).length;
      const attach = json(await upload(`${ENDPOINT}/put-file-attach`, admin, '说明书.pdf', PDF)).data;
      expect(attach.name).toMatch(new RegExp(`^100000/s${ossId}/p/\\d{8}/[0-9a-f]{32}\\.pdf$`));
      const key = attach.name.replace(`s${ossId}/`, '');
      expect(await s3.keys('100000/')).toContain(key);
      expect(filesUnder(filesRoot())).toHaveLength(localBefore);
      const got = await download(attach.attachId, admin, true);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PDF)).toBe(true);
      expect((await download(attach.attachId, platform)).statusCode).toBe(404);

      const image = json(await upload(`${ENDPOINT}/put-file`, admin, 'a.png', PNG)).data;
      const served = await t.app.inject({ method: 'GET', url: `${FILES}/${image.name}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      const stat = await t.call(
        'GET',
        `${ENDPOINT}/stat-file?fileName=${encodeURIComponent(image.name)}`,
        admin,
      );
      expect(stat.body.data.length).toBe(PNG.length);

      // A name pairing another tenant's prefix with this tenant's configuration finds nothing.
      const forged = image.name.replace(/^100000\//, '000000/');
      expect((await t.app.inject({ method: 'GET', url: `${FILES}/${forged}` })).statusCode).toBe(404);

      // The platform tenant has no configuration enabled: its uploads stay on the local disk.
      const own = json(await upload(`${ENDPOINT}/put-file`, platform, 'p.png', PNG)).data;
      expect(own.name).toMatch(/^000000\/\d{8}\//);

      const removed = await t.call(
        'POST',
        `${ENDPOINT}/remove-file?fileName=${encodeURIComponent(image.name)}`,
        admin,
      );
      expect(removed.body).toMatchObject({ code: 200 });
      expect(await s3.keys('100000/')).not.toContain(image.name.replace(`s${ossId}/`, ''));
      expect((await t.call('POST', `${ATTACH}/remove?ids=${attach.attachId}`, admin)).body.code).toBe(200);
      expect(await s3.keys('100000/')).not.toContain(key);
    });

    it('still serves files of a configuration that was switched off', async () => {
      const image = json(await upload(`${ENDPOINT}/put-file`, admin, 'b.png', PNG)).data;
      const local = await saveOss(admin, { ossCode: 'back-to-local', category: 0 });
      await t.call('POST', `${OSS}/enable?id=${local}`, admin);
      expect((await t.app.inject({ method: 'GET', url: `${FILES}/${image.name}` })).statusCode).toBe(200);
      const next = json(await upload(`${ENDPOINT}/put-file`, admin, 'c.png', PNG)).data;
      expect(next.name).toMatch(/^100000\/\d{8}\//);
    });
  });
});
