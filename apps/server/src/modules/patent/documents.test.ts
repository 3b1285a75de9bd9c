import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PATENT_DOCUMENT_MESSAGES } from '@cube/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { AUTHORITY_ID } from '../../seed/authority.js';

/**
 * A case's step documents through the API on both databases: the handler of a step uploads drafts (versions count
 * per step and kind), a candidate of a group step uploads before claiming, the case's readers list and download,
 * and everyone else — an agent whose scope is the cases they handle, another tenant — is refused list, download and
 * upload; refused files leave nothing behind; removal is soft.
 */

const WHO = {
  ...DEMO,
  manager: { tenantId: '100000', username: 'manager', password: 'Manager@2026' },
  agent: { tenantId: '100000', username: 'agent', password: 'Agent@2026' },
  otherAdmin: { tenantId: '200000', username: 'admin', password: 'Demo@2026' },
};
type Who = keyof typeof WHO;
const API = '/api/cube-patent/document';
const MAX_BYTES = 64 * 1024;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const PDF_2 = Buffer.from('%PDF-1.7\n% second draft\n%%EOF\n');
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

/** A multipart body: text fields first (as the console's form sends them), then the file. */
function multipart(fields: Record<string, string>, fileName: string, content: Buffer) {
  const boundary = `----cube-doc-${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
    'utf8',
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

describe.each(dialects)('case step documents on %s', { timeout: 120_000 }, (dialect) => {
  let t: TestApp;
  const tokens: Partial<Record<Who, string>> = {};
  const as = (who: Who) => tokens[who] as string;
  const okData = (res: { statusCode: number; body: { data: unknown } }) => {
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Record<string, unknown> & { records: Array<Record<string, unknown>> };
  };
  let caseA: string; // agent is the case's agent and holds 撰写申请文件
  let instanceA: string;
  let draftTaskA: string;
  let caseB: string; // manager is the case's agent and holds 撰写申请文件; the agent is a stranger here
  let draftTaskB: string;

  const upload = async (who: Who, fields: Record<string, string>, fileName: string, content: Buffer) => {
    const body = multipart(fields, fileName, content);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/upload`,
      headers: {
        authorization: basic(),
        'content-type': body.contentType,
        'cube-auth': `bearer ${as(who)}`,
      },
      payload: body.payload,
    });
    return { statusCode: res.statusCode, body: JSON.parse(res.body) };
  };
  const list = (who: Who, caseId: string) => t.call('GET', `${API}/list?applicationId=${caseId}`, as(who));
  const download = (who: Who, id: string) =>
    t.app.inject({
      method: 'GET',
      url: `${API}/download?id=${id}`,
      headers: { authorization: basic(), 'cube-auth': `bearer ${as(who)}` },
    });
  const documentRows = () =>
    withPlatformScope(() =>
      t.deps.db.db.selectFrom('patDocument').select(['id', 'isDeleted', 'attachId']).execute(),
    );
  const attachRows = () =>
    withPlatformScope(() => t.deps.db.db.selectFrom('cubeAttach').select(['id', 'isDeleted']).execute());
  const filesRoot = () => path.join(t.config.dataDir, 'files');

  const start = async (docketNo: string, agentUserId: string) => {
    const defs = okData(
      await t.call('GET', '/api/cube-flow/work/start-list?category=flow_1', as('tenantUser')),
    );
    const started = okData(
      await t.call('POST', '/api/cube-flow/process/start-process', as('tenantUser'), {
        processDefinitionId: defs.records[0]?.id,
        application: { docketNo, patentType: 'invention', title: '一种文件测试装置', agentUserId },
        comment: '新案立项',
      }),
    );
    return { caseId: String(started.businessId), instanceId: String(started.processInstanceId) };
  };
  const openTask = async (who: Who, instanceId: string, list = 'todo-list') => {
    const rows = okData(await t.call('GET', `/api/cube-flow/work/${list}?size=200`, as(who))).records;
    const row = rows.find((r) => r.processInstanceId === instanceId);
    expect(row, `${who} should see a task of ${instanceId} in ${list}`).toBeTruthy();
    return String(row?.taskId);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { CUBE_UPLOAD_MAX_BYTES: String(MAX_BYTES) });
    for (const who of Object.keys(WHO) as Who[]) tokens[who] = (await t.token(WHO[who])).access_token;
    const a = await start(`DOC-${dialect}-A`, AUTHORITY_ID.userAgent);
    caseA = a.caseId;
    instanceA = a.instanceId;
    draftTaskA = await openTask('agent', instanceA);
    const b = await start(`DOC-${dialect}-B`, AUTHORITY_ID.userManager);
    caseB = b.caseId;
    draftTaskB = await openTask('manager', b.instanceId);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('records uploads on the held step as versions per kind, listed and downloadable by the case’s readers', async () => {
    const fields = { applicationId: caseA, taskId: draftTaskA, kind: 'draft' };
    const first = okData(await upload('agent', fields, '权利要求书-初稿.pdf', PDF));
    expect(first).toMatchObject({
      applicationId: caseA,
      processInstanceId: instanceA,
      taskId: draftTaskA,
      stepKey: 'draft',
      stepName: '撰写申请文件',
      kind: 'draft',
      version: 1,
      fileName: '权利要求书-初稿.pdf',
      fileSize: PDF.length,
      createUserName: expect.any(String),
    });
    const second = okData(await upload('agent', fields, '权利要求书-二稿.pdf', PDF_2));
    expect(second.version).toBe(2);
    const other = okData(await upload('agent', { ...fields, kind: 'other' }, '说明.pdf', PDF));
    expect(other.version).toBe(1);

    const listed = okData(await list('agent', caseA)) as unknown as Array<Record<string, unknown>>;
    expect(listed.map((d) => `${d.kind}:${d.version}:${d.fileName}`)).toEqual([
      'draft:2:权利要求书-二稿.pdf',
      'draft:1:权利要求书-初稿.pdf',
      'other:1:说明.pdf',
    ]);
    expect(listed[0]?.createUserName).not.toBe('');
    // The administrator reads every case.
    expect((okData(await list('tenantAdmin', caseA)) as unknown as unknown[]).length).toBe(3);

    const file = await download('agent', String(first.id));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent('权利要求书-初稿.pdf'));
  });

  it('lets a candidate of a group step upload before claiming it, and not the one who left the step', async () => {
    // A second case's process walks on: the agent hands 撰写申请文件 of case A to 内部审核 (the manager role's group).
    const done = await t.call('POST', '/api/cube-flow/work/complete-task', as('agent'), {
      taskId: draftTaskA,
      flag: 'approve',
      comment: '初稿完成',
      variables: { claimCount: 10 },
    });
    expect(done.statusCode, JSON.stringify(done.body)).toBe(200);
    const reviewTask = await openTask('manager', instanceA, 'claim-list');
    const review = await upload(
      'manager',
      { applicationId: caseA, taskId: reviewTask, kind: 'draft' },
      '审核意见稿.pdf',
      PDF,
    );
    expect(review.statusCode, JSON.stringify(review.body)).toBe(200);
    expect(review.body.data).toMatchObject({ stepKey: 'review', stepName: '内部审核', version: 1 });

    // The agent no longer holds a step: neither the finished draft task nor the review task takes an upload.
    for (const taskId of [draftTaskA, reviewTask]) {
      const refused = await upload('agent', { applicationId: caseA, taskId, kind: 'draft' }, 'x.pdf', PDF);
      expect(refused.statusCode).toBe(403);
      expect(refused.body.msg).toBe(PATENT_DOCUMENT_MESSAGES.taskForbidden);
    }
    // Still the case's agent: the list stays readable through the data scope.
    expect((okData(await list('agent', caseA)) as unknown as unknown[]).length).toBe(4);
  });

  it('refuses list, download and upload to whoever may not see the case', async () => {
    const managerDoc = okData(
      await upload('manager', { applicationId: caseB, taskId: draftTaskB, kind: 'final' }, '定稿.pdf', PDF),
    );
    // An agent scoped to the cases they handle, another tenant's administrator.
    for (const who of ['agent', 'otherAdmin'] as const) {
      const listed = await list(who, caseB);
      expect(listed.statusCode, who).toBe(403);
      expect(listed.body.msg).toBe(PATENT_DOCUMENT_MESSAGES.caseForbidden);
    }
    const file = await download('agent', String(managerDoc.id));
    expect(file.statusCode).toBe(403);
    expect(JSON.parse(file.body).msg).toBe(PATENT_DOCUMENT_MESSAGES.caseForbidden);
    // Another tenant does not see the row at all.
    expect((await download('otherAdmin', String(managerDoc.id))).statusCode).toBe(404);
    const stranger = await upload(
      'agent',
      { applicationId: caseB, taskId: draftTaskB, kind: 'draft' },
      '越权.pdf',
      PDF,
    );
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body.msg).toBe(PATENT_DOCUMENT_MESSAGES.taskForbidden);
    // A task of one case does not carry an upload onto another case.
    const crossed = await upload(
      'manager',
      { applicationId: caseA, taskId: draftTaskB, kind: 'draft' },
      '串案.pdf',
      PDF,
    );
    expect(crossed.statusCode).toBe(403);
  });

  it('refuses a wrong type, a file too large, a missing kind or task, and writes nothing', async () => {
    const before = {
      docs: await documentRows(),
      attaches: await attachRows(),
      files: filesUnder(filesRoot()),
    };
    const fields = { applicationId: caseB, taskId: draftTaskB, kind: 'draft' };
    const wrongType = await upload('manager', fields, 'page.html', HTML);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.body.msg).toMatch(/^不支持的文件类型，仅支持 /);
    const disguised = await upload('manager', fields, 'draft.pdf', HTML);
    expect(disguised.body.msg).toBe('文件内容与文件类型不符');
    const tooLarge = await upload(
      'manager',
      fields,
      'big.pdf',
      Buffer.concat([PDF, Buffer.alloc(MAX_BYTES + 10, 0x20)]),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.body.msg).toBe('上传文件大小不能超过64KB');
    const badKind = await upload('manager', { ...fields, kind: 'secret' }, 'a.pdf', PDF);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.body.msg).toBe(PATENT_DOCUMENT_MESSAGES.kindInvalid);
    const noTask = await upload('manager', { applicationId: caseB, kind: 'draft' }, 'a.pdf', PDF);
    expect(noTask.statusCode).toBe(400);
    expect(noTask.body.msg).toBe(PATENT_DOCUMENT_MESSAGES.taskRequired);
    expect(await documentRows()).toEqual(before.docs);
    expect(await attachRows()).toEqual(before.attaches);
    expect(filesUnder(filesRoot()).sort()).toEqual(before.files.sort());
  });

  it('removes softly: the uploader or an administrator, other versions stay, numbers are not reused', async () => {
    const fields = { applicationId: caseB, taskId: draftTaskB, kind: 'notice' };
    const v1 = okData(await upload('manager', fields, '受理通知书.pdf', PDF));
    const v2 = okData(await upload('manager', fields, '受理通知书-更正.pdf', PDF_2));
    expect([v1.version, v2.version]).toEqual([1, 2]);

    const refused = await t.call('POST', `${API}/remove?id=${v1.id}`, as('agent'));
    expect(refused.statusCode).toBe(403);
    expect(refused.body.msg).toBe(PATENT_DOCUMENT_MESSAGES.removeForbidden);
    expect((await t.call('POST', `${API}/remove?id=${v2.id}`, as('manager'))).statusCode).toBe(200);

    const listed = okData(await list('manager', caseB)) as unknown as Array<{ id: string; kind: string }>;
    expect(listed.filter((d) => d.kind === 'notice').map((d) => d.id)).toEqual([v1.id]);
    expect((await download('manager', String(v2.id))).statusCode).toBe(404);
    const rows = await documentRows();
    const removed = rows.find((r) => r.id === v2.id);
    expect(removed?.isDeleted).toBe(1);
    expect((await attachRows()).find((a) => a.id === removed?.attachId)?.isDeleted).toBe(1);

    const v3 = okData(await upload('manager', fields, '受理通知书-第三版.pdf', PDF));
    expect(v3.version).toBe(3);
    expect((await t.call('POST', `${API}/remove?id=${v1.id}`, as('tenantAdmin'))).statusCode).toBe(200);
    expect((await t.call('POST', `${API}/remove?id=${v1.id}`, as('tenantAdmin'))).statusCode).toBe(404);
  });
});
