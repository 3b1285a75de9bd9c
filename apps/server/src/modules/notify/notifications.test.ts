import type { AddressInfo } from 'node:net';
import { NOTIFICATION_API } from '@cube/contract';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects, type TestApp } from '../../../test/helpers.js';
import { withPlatformScope, withTenantScope } from '../../db/row-scope.js';
import { formatDateTime } from '../../platform/dates.js';
import { newId } from '../../platform/ids.js';
import { type JobDefinition, JobRunner } from '../../platform/jobs.js';
import { createStamp } from '../../platform/rows.js';
import { AUTHORITY_ID } from '../../seed/authority.js';
import { addDays } from '../patent/dates.js';
import { runDeadlineNotifications } from '../patent/reminders.js';
import { sendPendingMail, smtpSecrets } from './mailer.js';

/**
 * The notification centre on both databases: each feed (task assigned, claimable, returned, completed; new lead;
 * deadline approaching and missed) writes rows for the right users of the right tenant only; read/unread; the
 * deadline reminders once across two instances sharing the database; the e-mail copy through a local SMTP server.
 */

const WHO = {
  ...DEMO,
  manager: { tenantId: '100000', username: 'manager', password: 'Manager@2026' },
  agent: { tenantId: '100000', username: 'agent', password: 'Agent@2026' },
  otherAdmin: { tenantId: '200000', username: 'admin', password: 'Demo@2026' },
};
type Who = keyof typeof WHO;
const AGENT_ID = AUTHORITY_ID.userAgent;
const MANAGER_ID = AUTHORITY_ID.userManager;
const quiet = pino({ level: 'silent' });

interface Row {
  id: string;
  kind: string;
  title: string;
  link: string;
  readTime: string;
}

describe.each(dialects)('notifications on %s', { timeout: 240_000 }, (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = (who: Who) => tokens[who] as string;
  const okData = (res: { statusCode: number; body: { data: unknown } }) => {
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Record<string, unknown>;
  };
  const list = async (who: Who, query = 'size=100') =>
    okData(await t.call('GET', `${NOTIFICATION_API}/list?${query}`, as(who))) as {
      total: number;
      records: Row[];
    };
  const unread = async (who: Who) =>
    Number(okData(await t.call('GET', `${NOTIFICATION_API}/unread-count`, as(who))).count);
  const kinds = async (who: Who) => (await list(who)).records.map((r) => r.kind);
  // `deadlines` narrows to the rows about those deadlines (the demo seed has deadlines of its own falling due).
  const rowsFor = async (userId: string, kind: string, deadlines?: string[]) =>
    (
      await withPlatformScope(() =>
        t.deps.db.db
          .selectFrom('cubeNotification')
          .selectAll()
          .where('userId', '=', userId)
          .where('kind', '=', kind)
          .execute(),
      )
    ).filter(
      (row) => !deadlines || deadlines.some((id) => String(row.dedupeKey).startsWith(`deadline:${id}:`)),
    );
  const flow = (who: Who, url: string, body?: unknown) =>
    t.call(body === undefined ? 'GET' : 'POST', `/api/cube-flow${url}`, as(who), body);

  beforeAll(async () => {
    t = await createTestApp(dialect, { CUBE_NOTIFY_MAIL: 'off' });
    // The demo seed's running processes told their staff of the waiting tasks: this suite starts from an empty bell.
    await withPlatformScope(() => t.deps.db.db.deleteFrom('cubeNotification').execute());
    for (const who of Object.keys(WHO) as Who[]) tokens[who] = (await t.token(WHO[who])).access_token;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  }, 120_000);

  it('starts empty and answers only the caller their own', async () => {
    expect(await unread('agent')).toBe(0);
    expect((await list('agent')).records).toEqual([]);
    expect((await t.call('GET', `${NOTIFICATION_API}/unread-count`)).statusCode).toBe(401);
  });

  it('task feeds: assigned to the assignee, claimable to the role, returned to the one it returns to, completed to the starter', async () => {
    const start = okData(await flow('tenantUser', '/work/start-list?category=flow_1')) as {
      records: Array<{ id: string }>;
    };
    const started = okData(
      await flow('tenantUser', '/process/start-process', {
        processDefinitionId: start.records[0]?.id,
        application: {
          docketNo: `NT-${dialect}-1`,
          patentType: 'invention',
          title: '一种通知测试装置',
          agentUserId: AGENT_ID,
        },
      }),
    );
    const instanceId = String(started.processInstanceId);
    // The draft task is the agent's: one 待办 for the agent, nothing for the starter (they acted) or the manager.
    expect(await kinds('agent')).toEqual(['task_assigned']);
    expect((await list('agent')).records[0]).toMatchObject({ link: '/work/todo' });
    expect(await kinds('tenantUser')).toEqual([]);
    expect(await kinds('manager')).toEqual([]);

    const todo = async (who: Who, activity: string) => {
      const rows = (
        okData(await flow(who, '/work/todo-list?size=200')) as { records: Array<Record<string, unknown>> }
      ).records;
      return String(
        rows.find((r) => r.processInstanceId === instanceId && r.taskDefinitionKey === activity)?.taskId,
      );
    };
    // The step forms the built-in model declares for these steps.
    const forms: Record<string, Record<string, string>> = {
      draft: { claimCount: '10', draftNote: '' },
      review: { reviewConclusion: 'pass', reviewOpinion: '' },
    };
    const complete = async (who: Who, activity: string, flag: string) =>
      okData(
        await flow(who, '/work/complete-task', {
          taskId: await todo(who, activity),
          flag,
          comment: flag,
          variables: forms[activity] ?? {},
        }),
      );

    await complete('agent', 'draft', 'approve');
    // Review is a group task of role manager: the manager hears of it; the starter hears the draft is done.
    expect(await kinds('manager')).toEqual(['task_claimable']);
    expect(await kinds('tenantUser')).toEqual(['task_completed']);
    const claimable = (
      okData(await flow('manager', '/work/claim-list?size=200')) as {
        records: Array<Record<string, unknown>>;
      }
    ).records.find((r) => r.processInstanceId === instanceId);
    okData(await flow('manager', '/work/claim-task', { taskId: claimable?.taskId }));
    await complete('manager', 'review', 'return');
    // Back to the agent as 退回; the starter hears the review's decision.
    expect(await kinds('agent')).toEqual(['task_returned', 'task_assigned']);
    expect((await list('agent')).records[0]?.title).toContain('退回');
    expect(await kinds('tenantUser')).toEqual(['task_completed', 'task_completed']);
    // Another tenant sees none of it.
    expect(await unread('otherAdmin')).toBe(0);
    expect((await list('otherAdmin')).total).toBe(0);
  });

  it('read and unread: paged, filtered, one or all marked, only the caller’s own', async () => {
    expect(await unread('agent')).toBe(2);
    const page = await list('agent', 'current=1&size=1&unread=1');
    expect(page).toMatchObject({ total: 2, current: 1, size: 1, pages: 2 });
    const first = page.records[0] as Row;
    expect(first.readTime).toBe('');
    // The manager cannot mark the agent's notification read.
    okData(await t.call('POST', `${NOTIFICATION_API}/read?ids=${first.id}`, as('manager')));
    expect(await unread('agent')).toBe(2);
    okData(await t.call('POST', `${NOTIFICATION_API}/read?ids=${first.id}`, as('agent')));
    expect(await unread('agent')).toBe(1);
    expect((await list('agent', 'unread=1')).records.map((r) => r.id)).not.toContain(first.id);
    expect((await list('agent')).records.find((r) => r.id === first.id)?.readTime).toMatch(/^\d{4}-/);
    expect((await list('agent', 'kind=task_returned')).total).toBe(1);
    expect((await t.call('POST', `${NOTIFICATION_API}/read?ids=abc`, as('agent'))).body.code).toBe(400);
    okData(await t.call('POST', `${NOTIFICATION_API}/read-all`, as('agent')));
    expect(await unread('agent')).toBe(0);
    expect(await unread('tenantUser')).toBe(2);
  });

  it('a new lead from the public form goes to the tenant’s lead handlers; an assigned one to its assignee', async () => {
    const before = await unread('tenantAdmin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cube-pr/prkhzx/submit',
      remoteAddress: '10.77.0.1',
      headers: { 'content-type': 'application/json', host: 'localhost' },
      payload: JSON.stringify({
        name: '通知访客',
        phone: '13912345678',
        consent: true,
        company: '通知科技',
        service: '专利申请',
        message: '想咨询专利',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // The demo tenant's administrator holds the 客户咨询 menu; the agent does not.
    expect(await unread('tenantAdmin')).toBe(before + 1);
    expect((await list('tenantAdmin')).records[0]).toMatchObject({ kind: 'lead_new', link: '/desk/lead' });
    expect(await kinds('agent')).not.toContain('lead_new');
    expect(await kinds('otherAdmin')).toEqual([]);

    const saved = okData(
      await t.call('POST', '/api/cube-pr/lead/submit', as('tenantAdmin'), {
        name: '指派客户',
        phone: '13912345679',
        consent: true,
        service: '商标注册',
        assigneeId: AGENT_ID,
      }),
    );
    expect(saved.id).toBeTruthy();
    const leads = (await list('agent')).records.filter((r) => r.kind === 'lead_new');
    expect(leads).toHaveLength(1);
    expect(leads[0]?.title).toContain('指派客户');
  });

  it('deadline reminders: approaching to the agent, missed to the managers above, once across two instances', async () => {
    const today = formatDateTime(new Date()).slice(0, 10);
    const db = t.deps.db.db;
    // The demo's own deadlines are announced first, so what follows counts this test's deadlines only.
    await runDeadlineNotifications(db, today);
    const caseId = newId();
    const soon = newId();
    const late = newId();
    const far = newId();
    await withTenantScope('100000', async () => {
      await db
        .insertInto('patApplication')
        .values({
          id: caseId,
          tenantId: '100000',
          docketNo: `NT-${dialect}-D`,
          title: '期限通知案',
          patentType: 'invention',
          agentUserId: AGENT_ID,
          ...createStamp(null),
        } as never)
        .execute();
      const deadline = (id: string, internalDue: string) => ({
        id,
        tenantId: '100000',
        applicationId: caseId,
        kind: '答复审查意见',
        officialDue: addDays(internalDue, 10),
        internalDue,
        periodEnd: '',
        sourceNoticeId: null,
        ruleCode: '',
        deadlineStatus: 'open',
        ownerUserId: null,
        doneDate: '',
        remark: '',
        ...createStamp(null),
      });
      await db
        .insertInto('patDeadline')
        .values([
          deadline(soon, addDays(today, 2)),
          deadline(late, addDays(today, -1)),
          deadline(far, addDays(today, 20)),
        ] as never)
        .execute();
    });
    const before = { agent: await unread('agent'), manager: await unread('manager') };

    // Two instances sharing the database run the job in the same period: it runs once; a rerun adds nothing.
    let clock = 5_000_000;
    const job = (): JobDefinition => ({
      name: 'notify-deadlines-test',
      intervalMs: 60_000,
      firstDelayMs: 0,
      run: () => runDeadlineNotifications(db, today),
    });
    const runners = [
      new JobRunner(t.deps.db, quiet, { now: () => clock }),
      new JobRunner(t.deps.db, quiet, { now: () => clock }),
    ];
    for (const r of runners) r.register(job());
    await Promise.all(runners.map((r) => r.runDue()));
    await Promise.all(runners.map((r) => r.idle()));
    // Even run side by side outside the schedule, the unique key keeps one row per user and deadline.
    await Promise.all([runDeadlineNotifications(db, today), runDeadlineNotifications(db, today)]);
    clock += 60_000;
    await Promise.all(runners.map((r) => r.runDue()));
    await Promise.all(runners.map((r) => r.idle()));

    const mine = [soon, late, far];
    expect(await rowsFor(AGENT_ID, 'deadline_approaching', mine)).toHaveLength(1);
    expect((await rowsFor(AGENT_ID, 'deadline_approaching', mine))[0]?.dedupeKey).toBe(
      `deadline:${soon}:approaching:${addDays(today, 2)}`,
    );
    expect(await rowsFor(MANAGER_ID, 'deadline_missed', mine)).toHaveLength(1);
    expect(await rowsFor(AGENT_ID, 'deadline_missed', mine)).toHaveLength(0);
    expect(await unread('agent')).toBe(before.agent + 1);
    expect(await unread('manager')).toBe(before.manager + 1);
    expect(await kinds('otherAdmin')).toEqual([]);

    // The lead days are a system parameter: at 30 days the far deadline is announced too.
    await withPlatformScope(() =>
      db
        .insertInto('cubeParam')
        .values({
          id: newId(),
          paramName: '期限通知提前天数',
          paramKey: 'notify.deadlineDays',
          paramValue: '30',
          remark: '',
          ...createStamp(null),
        } as never)
        .execute(),
    );
    await runDeadlineNotifications(db, today);
    expect(await rowsFor(AGENT_ID, 'deadline_approaching', mine)).toHaveLength(2);
  });

  it('mails a copy through the tenant’s SMTP server after the fact; failures are logged and marked, not thrown', async () => {
    const received: Array<{ to: string; raw: string; user: string }> = [];
    const server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, cb) {
        if (auth.username === 'mailer' && auth.password === 's3cret-smtp')
          return cb(null, { user: auth.username });
        return cb(new Error('bad credentials'));
      },
      onData(stream, session, cb) {
        let raw = '';
        stream.on('data', (c: Buffer) => {
          raw += c.toString();
        });
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            raw,
            user: String(session.user),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    try {
      // Only the tenant administrator sets the mail server; the password is sealed and never answered.
      const settings = {
        enabled: true,
        host: '127.0.0.1',
        port,
        secure: false,
        username: 'mailer',
        password: 's3cret-smtp',
        fromAddress: 'noreply@lifang-ip.cn',
      };
      expect((await t.call('POST', `${NOTIFICATION_API}/smtp`, as('agent'), settings)).statusCode).toBe(403);
      expect(
        (
          await t.call('POST', `${NOTIFICATION_API}/smtp`, as('tenantAdmin'), {
            ...settings,
            fromAddress: 'x',
          })
        ).body,
      ).toMatchObject({ code: 400 });
      okData(await t.call('POST', `${NOTIFICATION_API}/smtp`, as('tenantAdmin'), settings));
      const stored = await withTenantScope('100000', () =>
        t.deps.db.db.selectFrom('cubeNotificationSmtp').selectAll().executeTakeFirstOrThrow(),
      );
      expect(stored.password).not.toContain('s3cret');
      expect(okData(await t.call('GET', `${NOTIFICATION_API}/smtp`, as('tenantAdmin')))).toMatchObject({
        enabled: true,
        passwordSet: true,
        host: '127.0.0.1',
      });
      expect(
        JSON.stringify((await t.call('GET', `${NOTIFICATION_API}/smtp`, as('tenantAdmin'))).body),
      ).not.toContain('s3cret');

      const secrets = smtpSecrets(t.config.jwtSecret);
      const sent = await sendPendingMail(t.deps.db.db, secrets, quiet);
      expect(sent).toBeGreaterThan(0);
      const toAgent = received.filter((m) => m.to === 'wang.fang@lifang-ip.cn');
      expect(toAgent.length).toBeGreaterThan(0);
      expect(received.every((m) => m.user === 'mailer')).toBe(true);
      // Once: a second pass sends nothing more; no other tenant's row was mailed through this server.
      expect(await sendPendingMail(t.deps.db.db, secrets, quiet)).toBe(0);
      const states = await withPlatformScope(() =>
        t.deps.db.db.selectFrom('cubeNotification').select(['tenantId', 'mailState']).execute(),
      );
      expect(states.every((s) => s.mailState !== 'pending')).toBe(true);

      // A server that is gone: the copy is marked failed and the call resolves.
      server.close();
      await new Promise((r) => setTimeout(r, 100));
      await withTenantScope('100000', () =>
        t.deps.db.db
          .insertInto('cubeNotification')
          .values({
            id: newId(),
            tenantId: '100000',
            userId: AGENT_ID,
            kind: 'task_assigned',
            title: '失败的邮件',
            body: '',
            link: '',
            dedupeKey: null,
            readTime: null,
            mailState: 'pending',
            createTime: formatDateTime(new Date()),
          })
          .execute(),
      );
      await expect(sendPendingMail(t.deps.db.db, secrets, quiet)).resolves.toBe(0);
      const failed = await withPlatformScope(() =>
        t.deps.db.db
          .selectFrom('cubeNotification')
          .select('mailState')
          .where('title', '=', '失败的邮件')
          .executeTakeFirstOrThrow(),
      );
      expect(failed.mailState).toBe('failed');
    } finally {
      server.close();
    }
  });
});
