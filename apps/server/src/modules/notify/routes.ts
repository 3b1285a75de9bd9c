import {
  NOTIFICATION_API,
  NOTIFICATION_SMTP_PERMISSION,
  NotificationMessage,
  notificationListQuerySchema,
  notificationReadQuerySchema,
  notificationSchema,
  notificationSmtpInputSchema,
  notificationSmtpSettingsSchema,
  notificationSmtpTestAnswerSchema,
  notificationSmtpTestSchema,
  notificationUnreadSchema,
  pageSchema,
} from '@cube/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, contextOf } from '../../platform/access.js';
import { isTenantAdmin, type RequestContext } from '../../platform/context.js';
import { now } from '../../platform/dates.js';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { ok, rEmpty, rSchema, toPage } from '../../platform/envelope.js';
import { BizError, ForbiddenError } from '../../platform/errors.js';
import { recordOperation } from '../../platform/operation-log.js';
import { sendTestMail, smtpSecrets, startMailJob } from './mailer.js';
import {
  emailOf,
  markRead,
  notificationPage,
  saveSmtpSettings,
  smtpSettingsOf,
  unreadCount,
} from './notification.queries.js';

/**
 * The notification centre's API (`/api/cube-desk/notification/*`): every signed-in user reads and marks their own
 * notifications of their own tenant; the tenant's administrator sets the mail server their copies go out through.
 */

const record = notificationSchema;

/**
 * The mail settings are the tenant administrator's: the routes need the 邮件设置 button (`notify_smtp`, seeded on
 * 消息中心 for the administrator role) and the caller must be an administrator, so a grant of the button to another
 * role opens nothing (the sealed password and mail to any address stay with the administrator).
 */
const smtpAccess = access.permission(NOTIFICATION_SMTP_PERMISSION);
function smtpContext(request: FastifyRequest): RequestContext {
  const ctx = contextOf(request);
  if (!isTenantAdmin(ctx)) throw new ForbiddenError();
  return ctx;
}

export const notifyModule = defineModule('notify', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.db;
  const secrets = smtpSecrets(deps.config.jwtSecret);

  api.get(
    `${NOTIFICATION_API}/list`,
    {
      config: { access: access.authenticated },
      schema: { querystring: notificationListQuerySchema, response: { 200: rSchema(pageSchema(record)) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const query = request.query;
      const page = await notificationPage(db, ctx.tenantId, ctx.userId, query);
      const records = page.records.map((r) =>
        record.parse({ ...r, id: String(r.id), readTime: r.readTime ?? '' }),
      );
      return ok(toPage(records, page.total, query.current, query.size));
    },
  );

  api.get(
    `${NOTIFICATION_API}/unread-count`,
    {
      config: { access: access.authenticated },
      schema: { response: { 200: rSchema(notificationUnreadSchema) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      return ok({ count: await unreadCount(db, ctx.tenantId, ctx.userId) });
    },
  );

  api.post(
    `${NOTIFICATION_API}/read`,
    {
      config: { access: access.authenticated },
      schema: { querystring: notificationReadQuerySchema, response: { 200: rEmpty } },
    },
    async (request) => {
      const ctx = contextOf(request);
      await markRead(db, ctx.tenantId, ctx.userId, request.query.ids.split(','));
      return ok({});
    },
  );

  api.post(
    `${NOTIFICATION_API}/read-all`,
    { config: { access: access.authenticated }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const ctx = contextOf(request);
      await markRead(db, ctx.tenantId, ctx.userId);
      return ok({});
    },
  );

  api.get(
    `${NOTIFICATION_API}/smtp`,
    {
      config: { access: smtpAccess },
      schema: { response: { 200: rSchema(notificationSmtpSettingsSchema) } },
    },
    async (request) => {
      const ctx = smtpContext(request);
      const row = await smtpSettingsOf(db, ctx.tenantId);
      return ok({
        enabled: row?.enabled === 1,
        host: row?.host ?? '',
        port: row?.port ?? 465,
        secure: row ? row.secure === 1 : true,
        username: row?.username ?? '',
        fromAddress: row?.fromAddress ?? '',
        passwordSet: Boolean(row?.password),
      });
    },
  );

  api.post(
    `${NOTIFICATION_API}/smtp`,
    {
      config: { access: smtpAccess },
      schema: { body: notificationSmtpInputSchema, response: { 200: rEmpty } },
    },
    async (request) => {
      const ctx = smtpContext(request);
      const body = request.body;
      const stored = await smtpSettingsOf(db, ctx.tenantId);
      // An empty password keeps the stored one; a new one is sealed before it is written.
      const password = body.password ? secrets.seal(body.password) : (stored?.password ?? '');
      const row = {
        tenantId: ctx.tenantId,
        enabled: body.enabled ? 1 : 0,
        host: body.host,
        port: body.port,
        secure: body.secure ? 1 : 0,
        username: body.username,
        password,
        fromAddress: body.fromAddress,
        updateUser: ctx.userId,
        updateTime: now(),
      };
      await saveSmtpSettings(db, row);
      // The log shows a changed password as changed, never its value (the sealed texts differ on every save).
      recordOperation(deps.audit, request, {
        module: 'notify',
        action: stored ? 'update' : 'create',
        subject: '邮件设置',
        ids: [ctx.tenantId],
        before: stored ? { ...stored, password: stored.password ? 'set' : '' } : null,
        after: { ...row, password: body.password ? 'changed' : stored?.password ? 'set' : '' },
      });
      return ok({});
    },
  );

  // 发送测试邮件: one mail through the stored settings, to the typed address or the caller's own.
  api.post(
    `${NOTIFICATION_API}/smtp/test`,
    {
      config: { access: smtpAccess, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        body: notificationSmtpTestSchema,
        response: { 200: rSchema(notificationSmtpTestAnswerSchema) },
      },
    },
    async (request) => {
      const ctx = smtpContext(request);
      const smtp = await smtpSettingsOf(db, ctx.tenantId);
      if (!smtp?.host || !smtp.fromAddress) throw new BizError(NotificationMessage.smtpMissing);
      const to = request.body.to || (await emailOf(db, ctx.tenantId, ctx.userId));
      if (!to) throw new BizError(NotificationMessage.noAddress);
      const sender = ctx.realName || ctx.userName || ctx.account;
      await sendTestMail(smtp, secrets, {
        to,
        subject: '测试邮件：消息中心邮件设置',
        text: `这是一封测试邮件。收到它，说明本租户的SMTP设置可以发出消息中心的邮件提醒。\n\n发送人：${sender}\n时间：${now()}`,
      });
      request.log.info(
        { event: 'smtp_test_sent', tenantId: ctx.tenantId, userId: ctx.userId },
        'smtp test sent',
      );
      return ok({ to }, `${NotificationMessage.testSent}：${to}`);
    },
  );

  startMailJob(deps, app.log);
});
