import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../test/helpers.js';
import { AUTHORITY_ID } from '../seed/authority.js';
import { ID } from '../seed/demo-data.js';
import { PATENT_ID } from '../seed/patent.js';
import { REDACTED } from './log-secrets.js';
import { fieldChanges, type OperationData } from './operation-log.js';

/**
 * The operation log: every CRUD-kit save and removal, and the changes that are not kit saves (a user's role, a
 * grant, a model deploy, a notice), leave a 通用日志 row naming who, what and when with the changed fields before
 * and after; secrets are masked; a tenant reads its own rows, the platform names any tenant's; the list filters
 * by module and action (`logId`), operator (`createBy`) and time.
 */
describe('operation log changes', () => {
  it('keeps only changed fields and masks secrets', () => {
    expect(
      fieldChanges(
        { id: '1', postName: '经理', sort: 1, remark: null, password: 'old', updateTime: 'x' },
        { postName: '总监', sort: '1', remark: '', password: 'new-secret', updateTime: 'y' },
      ),
    ).toEqual({
      postName: { before: '经理', after: '总监' },
      password: { before: REDACTED, after: REDACTED },
    });
    expect(fieldChanges(null, { clientSecret: 's3cret', smtpPassword: 'p', name: 'a', blank: '' })).toEqual({
      clientSecret: { before: null, after: REDACTED },
      smtpPassword: { before: null, after: REDACTED },
      name: { before: null, after: 'a' },
    });
  });
});

describe.each(dialects)('the operation log on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let platform: string;
  const USUAL = '/api/cube-log/usual';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
    platform = (await t.token(DEMO.platformAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  /** The operation rows a reader sees for a `logId` prefix, newest first, with their data parsed. */
  const operations = async (logId: string, token = admin, extra = '') => {
    await t.deps.audit.flush();
    const res = await t.call('GET', `${USUAL}/list?size=100&logId_like=${logId}${extra}`, token);
    expect(res.statusCode, res.raw).toBe(200);
    return (res.body.data.records as Array<Record<string, string>>).map((r) => ({
      ...r,
      data: JSON.parse(r.logData) as OperationData,
    }));
  };
  const ok = async (res: Promise<{ body: { code: number; data: unknown }; raw: string }>) => {
    const answered = await res;
    expect(answered.body, answered.raw).toMatchObject({ code: 200 });
    return answered.body.data as Record<string, string>;
  };

  it('records a CRUD-kit create, update and remove with the fields before and after', async () => {
    const post = (body: Record<string, unknown>) =>
      t.call('POST', '/api/cube-system/post/submit', admin, body);
    const created = await ok(post({ category: 2, postCode: `op-${dialect}`, postName: '审计专员', sort: 5 }));
    await ok(post({ id: created.id, category: 2, postCode: `op-${dialect}`, postName: '审计主管', sort: 5 }));
    await ok(t.call('POST', `/api/cube-system/post/remove?ids=${created.id}`, admin));
    const rows = (await operations('op.post.')).filter((r) => r.data.ids.includes(created.id));
    expect(rows.map((r) => [r.logId, r.title, r.createBy])).toEqual([
      ['op.post.remove', '删除岗位管理', 'admin'],
      ['op.post.update', '修改岗位管理', 'admin'],
      ['op.post.create', '新增岗位管理', 'admin'],
    ]);
    const [removed, updated, inserted] = rows.map((r) => r.data);
    expect(inserted?.changes.postName).toEqual({ before: null, after: '审计专员' });
    // Only what changed, stamps left out.
    expect(updated?.changes).toEqual({ postName: { before: '审计专员', after: '审计主管' } });
    expect(removed?.changes.postName).toEqual({ before: '审计主管', after: null });
    expect(rows[0]?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('records a case edit, an article published, a notice, a user with a new role and password masked', async () => {
    const detail = await ok(
      t.call('GET', `/api/cube-patent/application/detail?id=${PATENT_ID.caseUtility}`, admin),
    );
    await ok(
      t.call('POST', '/api/cube-patent/application/submit', admin, { ...detail, title: '一种改进的保鲜罐' }),
    );
    const [edit] = await operations('op.patent_application.update');
    expect(edit?.data.changes.title).toEqual({ before: detail.title, after: '一种改进的保鲜罐' });

    const article = await ok(
      t.call('POST', '/api/cube-cr/article/submit', admin, {
        category: 1,
        title: `操作日志测试${dialect}`,
        content: '<p>正文</p>',
        isPublish: 1,
      }),
    );
    const [published] = await operations('op.portal_article.publish');
    expect(published?.data.ids).toEqual([article.id]);
    expect(published?.title).toBe('发布文章管理');

    const notice = await ok(
      t.call('POST', '/api/cube-patent/notice/submit', admin, {
        applicationId: PATENT_ID.caseInvention,
        noticeType: 'other',
        noticeNo: `OP-${dialect}`,
        dispatchDate: '2026-07-17',
        receiptRule: 'dispatch_plus_15',
      }),
    );
    const [recorded] = await operations('op.patent_notice.create');
    expect(recorded?.data).toMatchObject({
      ids: [notice.id],
      changes: { noticeNo: { after: `OP-${dialect}` } },
    });

    const password = 'Op-Secret#2026';
    const user = await ok(
      t.call('POST', '/api/cube-user/submit', admin, {
        account: `oplog${dialect}`,
        name: '日志',
        realName: '日志测试',
        password,
        roleId: ID.roleDemoUser,
        deptId: ID.deptDemoPatent,
      }),
    );
    const full = await ok(t.call('GET', `/api/cube-user/detail?id=${user.id}`, admin));
    await ok(t.call('POST', '/api/cube-user/submit', admin, { ...full, roleId: AUTHORITY_ID.roleAgent }));
    const userRows = (await operations('op.user.')).filter((r) => r.data.ids.includes(user.id));
    expect(userRows.map((r) => r.logId)).toEqual(['op.user.role_change', 'op.user.create']);
    expect(userRows[0]?.data.changes.roleId).toEqual({
      before: ID.roleDemoUser,
      after: AUTHORITY_ID.roleAgent,
    });
    expect(userRows[1]?.logData).not.toContain(password);
    // The field is named as changed; neither value is kept.
    expect(JSON.stringify(userRows[1]?.data.changes.password)).toContain(REDACTED);
  });

  it('records grants and model deploys', async () => {
    const menus = await ok(
      t.call('GET', `/api/cube-system/menu/role-tree-keys?roleIds=${AUTHORITY_ID.roleAgent}`, admin),
    );
    await ok(
      t.call('POST', '/api/cube-system/role/grant', admin, {
        roleIds: [AUTHORITY_ID.roleAgent],
        menuIds: menus.menu,
        dataScopeIds: menus.dataScope,
        apiScopeIds: menus.apiScope,
      }),
    );
    const [grant] = await operations('op.role.grant');
    expect(grant?.data.ids).toEqual([AUTHORITY_ID.roleAgent]);
    expect(grant?.title).toBe('权限设置角色管理');

    const model = (await t.call('GET', '/api/cube-flow/model/list?modelKey=patent_utility_design', admin))
      .body.data.records[0] as { id: string };
    await ok(
      t.call('POST', '/api/cube-flow/model/deploy', admin, {
        modelId: model.id,
        category: 'flow_2',
        tenantIds: '',
      }),
    );
    const [deploy] = await operations('op.flow_model.deploy');
    expect(deploy?.data).toMatchObject({ ids: [model.id], changes: { category: { after: 'flow_2' } } });
  });

  it("keeps a tenant to its own rows, lets the platform read any tenant's, and filters", async () => {
    // The platform administrator's own change is the platform's row.
    const platformPost = await ok(
      t.call('POST', '/api/cube-system/post/submit', platform, {
        category: 1,
        postCode: `plat-${dialect}`,
        postName: '平台岗位',
        sort: 1,
      }),
    );
    const tenantRows = await operations('op.post.create');
    expect(tenantRows.some((r) => r.data.ids.includes(platformPost.id))).toBe(false);
    const platformRows = await operations('op.post.create', platform);
    expect(platformRows.some((r) => r.data.ids.includes(platformPost.id))).toBe(true);
    const viaPlatform = await operations('op.post.', platform, '&tenantId=100000');
    expect(viaPlatform.length).toBeGreaterThan(0);
    expect(viaPlatform.every((r) => r.tenantId === '100000')).toBe(true);
    // Filters: module and action by logId, operator, time.
    expect((await operations('op.post.update')).every((r) => r.logId === 'op.post.update')).toBe(true);
    expect((await operations('op.', admin, '&createBy_equal=nobody')).length).toBe(0);
    expect((await operations('op.', admin, '&createTime_datege=2999-01-01 00:00:00')).length).toBe(0);
    expect((await operations('op.', admin, '&createBy_equal=admin')).length).toBeGreaterThan(3);
  });
});
