import {
  NOTIFICATION_API,
  notificationListQuerySchema,
  notificationReadQuerySchema,
  notificationSchema,
  notificationSmtpInputSchema,
  notificationSmtpSchema,
  notificationUnreadSchema,
  pageSchema,
} from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../platform/access.js';
import { now } from '../../platform/dates.js';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { ok, rEmpty, rSchema, toPage } from '../../platform/envelope.js';
import { smtpSecrets, startMailJob } from './mailer.js';
import {
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
const smtpAnswer = notificationSmtpSchema.omit({ password: true }).extend({ passwordSet: z.boolean() });

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
    { config: { access: access.administrator }, schema: { response: { 200: rSchema(smtpAnswer) } } },
    async (request) => {
      const ctx = contextOf(request);
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
      config: { access: access.administrator },
      schema: { body: notificationSmtpInputSchema, response: { 200: rEmpty } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const body = request.body;
      const stored = await smtpSettingsOf(db, ctx.tenantId);
      // An empty password keeps the stored one; a new one is sealed before it is written.
      const password = body.password ? secrets.seal(body.password) : (stored?.password ?? '');
      await saveSmtpSettings(db, {
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
      });
      return ok({});
    },
  );

  startMailJob(deps, app.log);
});
