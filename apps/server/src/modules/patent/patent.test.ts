import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope } from '../../db/row-scope.js';
import { ID } from '../../seed/demo-data.js';
import { PATENT_ID } from '../../seed/patent.js';
import { today } from './clock.js';
import { addDays } from './dates.js';
import { runReminders } from './reminders.js';

/**
 * Patent behaviour: a recorded notice gives the deadlines and fees its rules say, on dates worked
 * out by hand against the 2026 calendar (holiday shifts, make-up workdays, both receipt rules); edits and removals
 * take back what nobody acted on; tenant walls; the dashboard; reminders once; the company lookups.
 */
describe.each(dialects)('patent cases on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  /** A caller without the 专利管理 codes (the second demo tenant's package offers none). */
  let outsider: string;
  let platform: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.token(DEMO.tenantAdmin)).access_token;
    user = (await t.token(DEMO.tenantUser)).access_token;
    outsider = (await t.token(DEMO.otherTenantAdmin)).access_token;
    platform = (await t.token(DEMO.platformAdmin)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  const deadlinesOf = async (noticeId: string) => {
    const res = await t.call(
      'GET',
      `/api/cube-patent/deadline/list?sourceNoticeId=${noticeId}&size=50`,
      admin,
    );
    expect(res.statusCode).toBe(200);
    return res.body.data.records as Array<Record<string, string>>;
  };
  const feesOf = async () => {
    const res = await t.call(
      'GET',
      `/api/cube-patent/fee/list?applicationId=${PATENT_ID.caseInvention}&size=100`,
      admin,
    );
    return res.body.data.records as Array<Record<string, string>>;
  };
  const record = (body: Record<string, unknown>, token = admin) =>
    t.call('POST', '/api/cube-patent/notice/submit', token, {
      applicationId: PATENT_ID.caseInvention,
      ...body,
    });

  it('a correction notice dispatched 17 Jul 2026 (15-day rule) is due 8 Oct: 1 Oct falls in the National Day holiday', async () => {
    const res = await record({
      noticeType: 'correction',
      dispatchDate: '2026-07-17',
      receiptRule: 'dispatch_plus_15',
    });
    expect(res.body).toMatchObject({
      code: 200,
      data: { receiptDate: '2026-08-01', receiptRule: 'dispatch_plus_15', deadlines: '1' },
    });
    const notice = await t.call('GET', `/api/cube-patent/notice/detail?id=${res.body.data.id}`, admin);
    expect(notice.body.data).toMatchObject({ receiptDate: '2026-08-01', docketNo: 'P2026-001' });
    const [deadline] = await deadlinesOf(res.body.data.id);
    expect(deadline).toMatchObject({
      ruleCode: 'CORRECTION_RESPONSE',
      kind: '答复补正通知书',
      periodEnd: '2026-10-01',
      officialDue: '2026-10-08',
      // Five working days back: 30, 29, 28 Sep, (25–27 Mid-Autumn), 24, 23 Sep.
      internalDue: '2026-09-23',
      deadlineStatus: 'open',
      ownerUserId: ID.userDemoAdmin,
      docketNo: 'P2026-001',
    });
  });

  it('without a chosen rule the platform setting applies; the electronic rule runs from the entry date', async () => {
    const byDefault = await record({ noticeType: 'other', dispatchDate: '2026-07-17' });
    expect(byDefault.body.data).toMatchObject({
      receiptRule: 'dispatch_plus_15',
      receiptDate: '2026-08-01',
      deadlines: '0',
    });
    const res = await record({
      noticeType: 'oa_first',
      dispatchDate: '2026-07-17',
      receiptRule: 'electronic_entry',
      enteredDate: '2026-07-18',
    });
    expect(res.body.data).toMatchObject({ receiptDate: '2026-07-18', deadlines: '1' });
    // First office action on an invention: 4 months → Wed 18 Nov 2026; 10 working days back → Wed 4 Nov.
    expect((await deadlinesOf(res.body.data.id))[0]).toMatchObject({
      ruleCode: 'OA1_RESPONSE',
      officialDue: '2026-11-18',
      internalDue: '2026-11-04',
    });
    // The period stated in the notice wins over the rule's: 3 months → Sun 18 Oct → Mon 19 Oct.
    const stated = await record({
      noticeType: 'oa_first',
      dispatchDate: '2026-07-17',
      receiptRule: 'electronic_entry',
      enteredDate: '2026-07-18',
      periodMonths: 3,
    });
    expect((await deadlinesOf(stated.body.data.id))[0]).toMatchObject({ officialDue: '2026-10-19' });
  });

  it('an acceptance notice gives the application fee (later of filing + 2 months and receipt + 15 days) and the SE request', async () => {
    const res = await record({
      noticeType: 'acceptance',
      dispatchDate: '2026-03-16',
      receiptRule: 'dispatch_plus_15',
    });
    expect(res.body.data).toMatchObject({ receiptDate: '2026-03-31', deadlines: '2' });
    const rows = await deadlinesOf(res.body.data.id);
    const byRule = Object.fromEntries(rows.map((r) => [r.ruleCode, r]));
    // Filed 10 Mar 2026: + 2 months = Sun 10 May → Mon 11 May; 3 working days back: Sat 9 May (make-up), 8, 7 May.
    expect(byRule.APP_FEE).toMatchObject({ officialDue: '2026-05-11', internalDue: '2026-05-07' });
    // 3 years from filing: Sat 10 Mar 2029 → Mon 12 Mar 2029; 20 working days back → Mon 12 Feb 2029.
    expect(byRule.SE_REQUEST).toMatchObject({ officialDue: '2029-03-12', internalDue: '2029-02-12' });
    const fees = (await feesOf()).filter((f) => f.sourceNoticeId === res.body.data.id);
    expect(fees.map((f) => [f.feeType, f.dueDate]).sort()).toEqual([
      ['实质审查费', '2029-03-12'],
      ['申请费', '2026-05-11'],
    ]);
  });

  it('editing a notice derives its open deadlines again; removing it takes them back, keeping what was done', async () => {
    const res = await record({
      noticeType: 'correction',
      dispatchDate: '2026-07-17',
      receiptRule: 'dispatch_plus_15',
    });
    const id = res.body.data.id as string;
    const edited = await record({
      id,
      noticeType: 'correction',
      dispatchDate: '2026-06-01',
      receiptRule: 'dispatch_plus_15',
    });
    expect(edited.body.data).toMatchObject({ id, receiptDate: '2026-06-16' });
    const rows = await deadlinesOf(id);
    // 16 Jun + 2 months = Sun 16 Aug → Mon 17 Aug.
    expect(rows.map((r) => r.officialDue)).toEqual(['2026-08-17']);
    const done = rows[0] as Record<string, string>;
    await t.call('POST', '/api/cube-patent/deadline/submit', admin, {
      id: done.id,
      applicationId: PATENT_ID.caseInvention,
      kind: done.kind,
      officialDue: done.officialDue,
      internalDue: done.internalDue,
      deadlineStatus: 'done',
    });
    expect((await t.call('POST', `/api/cube-patent/notice/remove?ids=${id}`, admin)).body.code).toBe(200);
    expect((await deadlinesOf(id)).map((r) => r.deadlineStatus)).toEqual(['done']);
  });

  it('refuses an entry date before the dispatch date, and another tenant’s case, writing nothing', async () => {
    const before = await record({
      noticeType: 'correction',
      dispatchDate: '2026-07-17',
      receiptRule: 'electronic_entry',
      enteredDate: '2026-07-16',
    });
    expect(before.statusCode).toBe(400);
    expect(before.body.msg).toBe('进入电子系统日期不能早于发文日');
    const foreign = await t.call('POST', '/api/cube-patent/application/submit', platform, {
      docketNo: 'PLAT-1',
      patentType: 'design',
      title: '平台的外观设计',
    });
    expect(foreign.body.code).toBe(200);
    const crossed = await record({
      applicationId: foreign.body.data.id,
      noticeType: 'correction',
      dispatchDate: '2026-07-17',
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.body.msg).toBe('专利案件不存在');
    const platformList = await t.call('GET', '/api/cube-patent/deadline/list?size=100', platform);
    expect(platformList.body.data.records.map((r: { docketNo: string }) => r.docketNo)).not.toContain(
      'P2026-001',
    );
    // Without the notice codes a caller may not record one.
    expect((await record({ noticeType: 'other', dispatchDate: '2026-07-17' }, outsider)).statusCode).toBe(
      403,
    );
  });

  it('the dashboard lists what falls due this week and what is overdue, and counts open deadlines by agent', async () => {
    const day = today();
    const add = (officialDue: string, kind: string) =>
      t.call('POST', '/api/cube-patent/deadline/submit', admin, {
        applicationId: PATENT_ID.caseUtility,
        kind,
        officialDue,
        ownerUserId: ID.userDemoAdmin,
      });
    expect((await add(day, '今日到期事项')).body.code).toBe(200);
    expect((await add(addDays(day, -3), '已超期事项')).body.code).toBe(200);
    const res = await t.call('GET', '/api/cube-patent/deadline/dashboard', admin);
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    expect(data.today).toBe(day);
    expect(data.dueThisWeek.map((r: { kind: string }) => r.kind)).toContain('今日到期事项');
    expect(data.overdue.map((r: { kind: string }) => r.kind)).toContain('已超期事项');
    const mine = data.byAgent.find((a: { ownerUserId: string }) => a.ownerUserId === ID.userDemoAdmin);
    expect(mine.overdue).toBeGreaterThanOrEqual(1);
    expect(mine.dueThisWeek).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', '/api/cube-patent/deadline/dashboard', outsider)).statusCode).toBe(403);
  });

  it('reminds through the notice bell once per offset, however often the job runs', async () => {
    const day = today();
    const due = addDays(day, 7);
    const created = await t.call('POST', '/api/cube-patent/deadline/submit', admin, {
      applicationId: PATENT_ID.caseUtility,
      kind: '提醒测试事项',
      officialDue: due,
      ownerUserId: ID.userDemoAdmin,
    });
    expect(created.body.code).toBe(200);
    await runReminders(t.deps.db.db, day);
    await runReminders(t.deps.db.db, day);
    const bell = await t.call('GET', '/api/cube-desk/notice/my?size=100', admin);
    const titles = bell.body.data.records.map((r: { title: string }) => r.title);
    const reminders = titles.filter((title: string) => title.includes('提醒测试事项'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatch(/^期限提醒：P2026-002 提醒测试事项（.+）还有7天到期$/);
    const sent = await withPlatformScope(() =>
      t.deps.db.db
        .selectFrom('patReminder')
        .select(['offsetDays', 'noticeId'])
        .where('deadlineId', '=', created.body.data.id)
        .execute(),
    );
    // 30 and 7 days are both reached; only the 7-day one is announced.
    expect(sent.map((s) => Number(s.offsetDays)).sort((a, b) => a - b)).toEqual([7, 30]);
    expect(sent.filter((s) => s.noticeId !== null)).toHaveLength(1);
    // The platform tenant's bell does not show the demo tenant's reminder.
    const other = await t.call('GET', '/api/cube-desk/notice/my?size=100', platform);
    expect(other.body.data.records.map((r: { title: string }) => r.title).join()).not.toContain(
      '提醒测试事项',
    );
  });

  it('listAuthCompany answers only the companies the user is authorised for; getcompanylist the tenant’s directory', async () => {
    const all = await t.call('POST', '/api/cube-agent/companyDetail/getcompanylist', user, {});
    expect(all.statusCode).toBe(200);
    expect(all.body.data.map((c: { uniName: string }) => c.uniName).sort()).toEqual([
      '杭州青禾茶业有限公司',
      '苏州恒芯微电子有限公司',
    ]);
    expect(all.body.data[0]).toHaveProperty('creditCode');
    const adminAuth = await t.call('POST', '/api/cube-agent/companyDetail/listAuthCompany', admin, {});
    expect(adminAuth.body.data.map((c: { id: string }) => c.id)).toEqual([PATENT_ID.companyHengxin]);
    expect(
      (await t.call('POST', '/api/cube-agent/companyDetail/listAuthCompany', user, {})).body.data,
    ).toEqual([]);

    const grant = await t.call('POST', '/api/cube-agent/company/auth-users', admin, {
      companyId: PATENT_ID.companyQinghe,
      userIds: ID.userDemoUser,
    });
    expect(grant.body.code).toBe(200);
    const userAuth = await t.call('POST', '/api/cube-agent/companyDetail/listAuthCompany', user, {});
    expect(userAuth.body.data).toEqual([
      expect.objectContaining({ id: PATENT_ID.companyQinghe, uniName: '杭州青禾茶业有限公司' }),
    ]);
    const users = await t.call(
      'GET',
      `/api/cube-agent/company/auth-users?companyId=${PATENT_ID.companyQinghe}`,
      admin,
    );
    expect(users.body.data).toEqual([ID.userDemoUser]);

    // Another tenant's user cannot be authorised; another tenant's directory stays out of sight.
    const foreignUser = await t.call('POST', '/api/cube-agent/company/auth-users', admin, {
      companyId: PATENT_ID.companyQinghe,
      userIds: ID.userPlatformAdmin,
    });
    expect(foreignUser.statusCode).toBe(400);
    expect(foreignUser.body.msg).toBe('所选用户不存在');
    const platformList = await t.call('POST', '/api/cube-agent/companyDetail/getcompanylist', platform, {});
    expect(platformList.body.data.map((c: { id: string }) => c.id)).not.toContain(PATENT_ID.companyHengxin);
    const foreignCompany = await t.call('POST', '/api/cube-agent/company/auth-users', platform, {
      companyId: PATENT_ID.companyHengxin,
      userIds: '',
    });
    expect(foreignCompany.statusCode).toBe(404);
    expect(
      (
        await t.call('POST', '/api/cube-agent/company/auth-users', user, {
          companyId: PATENT_ID.companyQinghe,
          userIds: '',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a company with cases cannot be removed', async () => {
    const res = await t.call('POST', `/api/cube-agent/company/remove?ids=${PATENT_ID.companyHengxin}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe('该公司下存在专利案件，不能删除');
  });
});
