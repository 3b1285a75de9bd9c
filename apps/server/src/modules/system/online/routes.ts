import { ONLINE_API, ONLINE_CODES, OnlineMessage, onlineSessionSchema, pageSchema } from '@cube/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { isPlatformAdmin, type RequestContext } from '../../../platform/context.js';
import { idsSchema, parseOrRefuse, readPage } from '../../../platform/crud/index.js';
import { now } from '../../../platform/dates.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { done, ok, rEmpty, rSchema } from '../../../platform/envelope.js';
import { BizError, ForbiddenError, NotFoundError } from '../../../platform/errors.js';
import { liveSessions, SESSION_COLUMNS, sessionsOfUsers, visibleSessionIds } from './online.queries.js';

const listQuery = z
  .object({
    current: z.coerce.number().int().min(1).optional().default(1),
    size: z.coerce.number().int().min(1).max(200).optional().default(10),
    account: z.string().trim().max(45).optional(),
    tenantId: z.string().trim().max(12).optional(),
  })
  .loose();

/**
 * Whose sessions the caller sees: the platform administrator every tenant's (or the one asked for), anyone else
 * their own tenant's only — naming another tenant is refused rather than answered with their own.
 */
function tenantOf(ctx: RequestContext, asked: string | undefined): string | undefined {
  const wanted = asked || undefined;
  if (isPlatformAdmin(ctx)) return wanted;
  if (wanted && wanted !== ctx.tenantId) throw new ForbiddenError();
  return ctx.tenantId;
}

const idsOf = (request: FastifyRequest, name: string): unknown => {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | null | undefined;
  return query?.[name] ?? (body && typeof body === 'object' ? body[name] : undefined);
};

/**
 * 在线用户: the live sessions (one row per sign-in, not per token) with a true count; ending one session, or every
 * session of some users. An ended session is refused on its very next request (the registry drops it everywhere).
 */
export const onlineModule = defineModule('system/online', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.db;

  api.get(
    `${ONLINE_API}/list`,
    {
      config: { access: access.permission(ONLINE_CODES.read) },
      schema: { querystring: listQuery, response: { 200: rSchema(pageSchema(onlineSessionSchema)) } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const q = request.query;
      let rows = liveSessions(db, now(), tenantOf(ctx, q.tenantId));
      if (q.account) rows = rows.where('u.account', 'like', `%${q.account.replace(/[\\%_]/g, '\\$&')}%`);
      const page = await readPage(
        rows,
        { current: q.current, size: q.size, orders: [{ field: 's.createdAt', direction: 'desc' }] },
        (qb) => qb.select([...SESSION_COLUMNS]),
      );
      const records = (page.records as Array<Record<string, unknown>>).map((r) => ({
        ...r,
        id: String(r.id),
        userId: String(r.userId),
        tenantName: (r.tenantName as string | null) ?? '',
        current: String(r.id) === ctx.sessionId,
      }));
      return ok({ ...page, records } as never);
    },
  );

  api.post(
    `${ONLINE_API}/remove`,
    { config: { access: access.permission(ONLINE_CODES.remove) }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const ctx = contextOf(request);
      const ids = parseOrRefuse(idsSchema, idsOf(request, 'ids'));
      if (ids.includes(ctx.sessionId)) throw new BizError(OnlineMessage.currentSession);
      const found = await visibleSessionIds(db, now(), tenantOf(ctx, undefined), ids);
      if (found.length !== ids.length) throw new NotFoundError();
      for (const s of found) await deps.sessions.revokeSession(String(s.id), 'ended_by_admin');
      return done();
    },
  );

  api.post(
    `${ONLINE_API}/remove-user`,
    { config: { access: access.permission(ONLINE_CODES.remove) }, schema: { response: { 200: rEmpty } } },
    async (request) => {
      const ctx = contextOf(request);
      const userIds = parseOrRefuse(
        z.preprocess((v) => (v === undefined || v === '' ? undefined : v), idsSchema.optional()),
        idsOf(request, 'userIds'),
      );
      if (!userIds) throw new BizError(OnlineMessage.selectUsers);
      const sessions = await sessionsOfUsers(db, now(), tenantOf(ctx, undefined), userIds);
      // Every session of those users but the caller's own (ending it would sign the caller out mid-request).
      for (const s of sessions)
        if (String(s.id) !== ctx.sessionId) await deps.sessions.revokeSession(String(s.id), 'ended_by_admin');
      return done();
    },
  );
});
