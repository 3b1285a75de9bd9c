import {
  OAUTH_GITEE,
  oauthProviderEntity,
  oauthProviderProblem,
  PLATFORM_TENANT_ID,
  SECRET_MASK,
  SmsMessage,
  SocialMessage,
  userEntity,
} from '@cube/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenantScope } from '../../db/row-scope.js';
import { access, contextOf } from '../../platform/access.js';
import { splitIds } from '../../platform/context.js';
import { registerCrud } from '../../platform/crud/index.js';
import { readPage } from '../../platform/crud/paging.js';
import { idSchema, idsSchema } from '../../platform/crud/params.js';
import { isPast, now } from '../../platform/dates.js';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { done, ok } from '../../platform/envelope.js';
import { BizError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { hashSecret, isMd5Hex, md5Hex } from '../../platform/passwords.js';
import { TenantData } from '../../platform/tenant-data.js';
import { checkReferences, syncUserDepts } from '../user/admin-rules.js';
import { LogSmsSender, SmsLogin } from './sms.js';
import { BINDING_COOKIE, SocialLogin, STATE_TTL_SECONDS, USER_PENDING } from './social.js';

const M = oauthProviderEntity.messages;
const S = SocialMessage;

/** One SocialLogin per app (the token grant in modules/auth shares it). */
const instances = new WeakMap<AppDeps, SocialLogin>();
export function socialLoginOf(deps: AppDeps): SocialLogin {
  let found = instances.get(deps);
  if (!found) {
    found = new SocialLogin(deps);
    instances.set(deps, found);
  }
  return found;
}

const smsInstances = new WeakMap<AppDeps, SmsLogin>();
/** One SmsLogin per app; the development provider logs the codes through `log`. */
export function smsLoginOf(deps: AppDeps, log: FastifyBaseLogger): SmsLogin {
  let found = smsInstances.get(deps);
  if (!found) {
    found = new SmsLogin(deps, new LogSmsSender(log));
    smsInstances.set(deps, found);
  }
  return found;
}

/** The address the provider sends the browser back to: this server's callback for the source. */
function callbackUri(request: FastifyRequest, source: string): string {
  return `${request.protocol}://${request.host}/api/cube-auth/oauth/callback/${encodeURIComponent(source)}`;
}

const text = (max: number, message: string) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(max, message));

/**
 * Third-party login (issue 12): the providers screen, the authorize redirect and callback, guest registration
 * and its approval. The token grant itself (`grant_type=social`) lives with the other grants in modules/auth.
 */
export const signinModule = defineModule('signin', (app: FastifyInstance, deps: AppDeps) => {
  const social = socialLoginOf(deps);
  const api = app.withTypeProvider<ZodTypeProvider>();

  registerCrud(app, deps, oauthProviderEntity, {
    table: 'cubeOauthProvider',
    toRecord: (records) => records.map((r) => ({ ...r, clientSecret: r.clientSecret ? SECRET_MASK : '' })),
    beforeSave: async ({ id, values, rows }) => {
      const problem = oauthProviderProblem(
        values as {
          category: number;
          issuer: string;
          authorizeUrl: string;
          tokenUrl: string;
          userinfoUrl: string;
        },
      );
      if (problem) throw new BizError(problem);
      const secret = String(values.clientSecret ?? '');
      if (secret === '' || secret === SECRET_MASK) {
        delete values.clientSecret;
        const stored = id
          ? ((await rows()
              .select('cubeOauthProvider.clientSecret')
              .where('cubeOauthProvider.id', '=', id)
              .executeTakeFirst()) as { clientSecret: string } | undefined)
          : undefined;
        // Gitee always authenticates the client with its secret; the others may be public clients (PKCE only).
        if (!stored?.clientSecret && values.category === OAUTH_GITEE)
          throw new BizError(M.clientSecretRequired);
      } else {
        values.clientSecret = social.secrets.seal(secret);
      }
    },
  });

  // The login page's provider buttons: names only, enabled providers of the tenant.
  api.get(
    '/api/cube-auth/oauth/providers',
    {
      config: { access: access.public, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { querystring: z.object({ tenantId: z.string().max(12).optional().default('') }).loose() },
    },
    async (request) => {
      const tenantId = request.query.tenantId;
      if (!tenantId) return ok([]);
      const rows = await withTenantScope(tenantId, () =>
        deps.db.db
          .selectFrom('cubeOauthProvider')
          .select(['source', 'name'])
          .where('tenantId', '=', tenantId)
          .where('enabled', '=', 1)
          .where('isDeleted', '=', 0)
          .orderBy('id')
          .execute(),
      );
      return ok(rows);
    },
  );

  // 手机号登录: sends a sign-in code. Every number gets the same answer; the limits count unknown numbers too.
  const sms = smsLoginOf(deps, app.log);
  api.post(
    '/api/cube-auth/oauth/sms-code',
    {
      config: { access: access.public, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { querystring: z.record(z.string(), z.unknown()) },
    },
    async (request) => {
      const merged = { ...(request.query as object), ...((request.body as object | null) ?? {}) } as Record<
        string,
        unknown
      >;
      const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
      const tenantId = text(merged.tenantId) || request.headers['tenant-id']?.toString() || '';
      if (!/^\d{6}$/.test(tenantId)) throw new BizError(S.TENANT_REQUIRED);
      await sms.sendCode({ tenantId, phone: text(merged.phone), ip: request.ip });
      return done(SmsMessage.SENT);
    },
  );

  // The visitor's browser starts here (the login page's provider buttons): a fresh state, PKCE verifier and
  // browser binding cookie, then off to the provider.
  api.get(
    '/api/cube-auth/oauth/render/:source',
    {
      config: { access: access.public, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ source: z.string().max(32) }),
        querystring: z.object({ tenantId: z.string().max(12).optional() }).loose(),
      },
    },
    async (request, reply) => {
      const tenantId = request.query.tenantId || request.headers['tenant-id']?.toString() || '';
      const { source } = request.params;
      try {
        const { url, binding } = await social.start(tenantId, source, callbackUri(request, source));
        reply.header(
          'set-cookie',
          `${BINDING_COOKIE}=${binding}; Path=/api/cube-auth/oauth; Max-Age=${STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${
            request.protocol === 'https' ? '; Secure' : ''
          }`,
        );
        return reply.redirect(url, 302);
      } catch (error) {
        request.log.warn({ err: error, tenantId, source }, 'third-party login could not start');
        return loginPage(reply, { socialError: S.PROVIDER_UNKNOWN });
      }
    },
  );

  // The provider sends the browser back here; the login page then asks for the token (grant_type=social),
  // which is where the state, the binding and the code are checked and used.
  api.get(
    '/api/cube-auth/oauth/callback/:source',
    {
      config: { access: access.public, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ source: z.string().max(32) }),
        querystring: z
          .object({
            code: z.string().max(2000).optional(),
            state: z.string().max(500).optional(),
            error: z.string().max(200).optional(),
          })
          .loose(),
      },
    },
    async (request, reply) => {
      const { code, state, error } = request.query;
      if (error || !code || !state) return loginPage(reply, { socialError: S.PROVIDER_FAILED });
      const tenantId = (await social.pendingTenant(state)) ?? '';
      return loginPage(reply, { tenantId, source: request.params.source, code, state });
    },
  );

  // 第三方注册 (spec §5, contract §2.7): the registration form of an unlinked identity. The ticket in `oauthId`
  // came from the social grant's guest answer; it is used once.
  const registerBody = z.object({
    tenantId: text(12, S.TENANT_INVALID),
    name: text(50, userEntity.messages.nameRequired),
    account: text(45, S.ACCOUNT_REQUIRED),
    password: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().max(100)),
    oauthId: text(200, S.OAUTH_INVALID),
  });
  api.post(
    '/api/cube-user/register-guest',
    {
      config: { access: access.public, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { querystring: z.record(z.string(), z.unknown()) },
    },
    async (request) => {
      const merged = { ...(request.query as object), ...((request.body as object | null) ?? {}) };
      const parsed = registerBody.safeParse(merged);
      if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? S.SUBMIT_FAILED);
      const input = parsed.data;
      if (!input.tenantId) throw new BizError(S.TENANT_REQUIRED);
      if (!input.account) throw new BizError(S.ACCOUNT_REQUIRED);
      if (!input.password) throw new BizError(S.PASSWORD_REQUIRED);
      const ticket = await social.takeTicket(input.oauthId);
      if (!ticket) throw new BizError(S.OAUTH_INVALID);
      try {
        if (ticket.tenantId !== input.tenantId) throw new BizError(S.TENANT_INVALID);
        if (!(await social.registrationOpen(ticket.tenantId))) throw new BizError(S.REGISTER_CLOSED);
        await withTenantScope(ticket.tenantId, () =>
          deps.db.db.transaction().execute(async (trx) => {
            const tenant = await trx
              .selectFrom('cubeTenant')
              .select(['status', 'expireTime'])
              .where('tenantId', '=', ticket.tenantId)
              .where('isDeleted', '=', 0)
              .executeTakeFirst();
            if (tenant?.status !== 1 || (ticket.tenantId !== PLATFORM_TENANT_ID && isPast(tenant.expireTime)))
              throw new BizError(S.TENANT_INVALID);
            const link = await trx
              .selectFrom('cubeUserOauth')
              .selectAll()
              .where('tenantId', '=', ticket.tenantId)
              .where('id', '=', ticket.oauthId)
              .executeTakeFirst();
            if (!link || link.userId) throw new BizError(S.OAUTH_INVALID);
            const data = new TenantData(trx, ticket.tenantId);
            const taken = await data
              .selectFrom('cubeUser')
              .select('id')
              .where('account', '=', input.account)
              .executeTakeFirst();
            if (taken) throw new BizError(S.ACCOUNT_USED);
            const userId = newId();
            const stamp = now();
            await data
              .insertInto('cubeUser', {
                id: userId,
                code: '',
                userType: 1,
                account: input.account,
                // The login form sends the password's md5 hex; a BladeX client may send it plain.
                password: await hashSecret(
                  isMd5Hex(input.password) ? input.password : md5Hex(input.password),
                ),
                name: input.name || input.account,
                realName: input.name || input.account,
                avatar: link.avatar,
                email: link.email,
                phone: '',
                birthday: null,
                sex: 3,
                roleId: '',
                deptId: '',
                postId: '',
                passwordMustChange: 0,
                createUser: null,
                createDept: null,
                createTime: stamp,
                updateUser: null,
                updateTime: stamp,
                // Pending until the tenant administrator approves it: no sign-in before that.
                status: USER_PENDING,
                isDeleted: 0,
              })
              .execute();
            await trx
              .updateTable('cubeUserOauth')
              .set({ userId, updateTime: stamp })
              .where('tenantId', '=', ticket.tenantId)
              .where('id', '=', link.id)
              .execute();
          }),
        );
      } catch (error) {
        // A form error (account taken) must not cost the visitor their identity: the ticket works again.
        if (error instanceof BizError && error.message !== S.OAUTH_INVALID)
          await social.restoreTicket(input.oauthId, ticket);
        throw error;
      }
      request.log.info(
        { event: 'guest_registered', tenantId: ticket.tenantId },
        'guest registration submitted',
      );
      return done();
    },
  );

  // 待审核: the tenant administrator's list of guest registrations, and the decisions on them.
  const pendingRows = (tenantId: string) =>
    new TenantData(deps.db.db, tenantId).selectFrom('cubeUser').where('cubeUser.status', '=', USER_PENDING);

  api.get(
    '/api/cube-user/guest-page',
    {
      config: { access: access.administrator },
      schema: {
        querystring: z
          .object({
            current: z.coerce.number().int().min(1).max(100000).optional().default(1),
            size: z.coerce.number().int().min(1).max(200).optional().default(10),
          })
          .loose(),
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const page = await readPage(
        pendingRows(ctx.tenantId),
        {
          current: request.query.current,
          size: request.query.size,
          orders: [{ field: 'cubeUser.id', direction: 'desc' }],
        },
        (qb) =>
          qb.select([
            'cubeUser.id',
            'cubeUser.tenantId',
            'cubeUser.account',
            'cubeUser.name',
            'cubeUser.realName',
            'cubeUser.email',
            'cubeUser.avatar',
            'cubeUser.createTime',
            'cubeUser.status',
          ]),
      );
      const ids = page.records.map((r) => (r as { id: string }).id);
      const links = ids.length
        ? await deps.db.db
            .selectFrom('cubeUserOauth')
            .select(['userId', 'source', 'username'])
            .where('tenantId', '=', ctx.tenantId)
            .where('userId', 'in', ids)
            .execute()
        : [];
      return ok({
        ...page,
        records: page.records.map((r) => {
          const row = r as { id: string };
          const link = links.find((l) => l.userId === row.id);
          return { ...row, source: link?.source ?? '', oauthUsername: link?.username ?? '' };
        }),
      });
    },
  );

  const approveBody = z.object({
    id: idSchema,
    roleId: z.preprocess((v) => (v === null || v === undefined ? '' : String(v)), z.string().max(1000)),
    deptId: z.preprocess((v) => (v === null || v === undefined ? '' : String(v)), z.string().max(1000)),
  });
  api.post(
    '/api/cube-user/guest-approve',
    { config: { access: access.administrator }, schema: { querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const ctx = contextOf(request);
      const parsed = approveBody.safeParse({
        ...(request.query as object),
        ...((request.body as object | null) ?? {}),
      });
      if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? '参数错误');
      const { id } = parsed.data;
      const roleId = splitIds(parsed.data.roleId).join(',');
      const deptId = splitIds(parsed.data.deptId).join(',');
      if (!roleId) throw new BizError(userEntity.messages.roleRequired);
      if (!deptId) throw new BizError(userEntity.messages.deptRequired);
      await deps.db.db.transaction().execute(async (trx) => {
        const found = await new TenantData(trx, ctx.tenantId)
          .selectFrom('cubeUser')
          .select('id')
          .where('id', '=', id)
          .where('status', '=', USER_PENDING)
          .executeTakeFirst();
        if (!found) throw new NotFoundError();
        await checkReferences(trx, ctx.tenantId, { roleId, deptId });
        await new TenantData(trx, ctx.tenantId)
          .updateTable('cubeUser')
          .set({ status: 1, roleId, deptId, updateUser: ctx.userId, updateTime: now() })
          .where('id', '=', id)
          .execute();
        await syncUserDepts(trx, ctx.tenantId, [{ id, deptId }]);
      });
      deps.audit.usual(request, { event: 'user.guest_approve', title: '通过注册申请', data: { id } });
      return done();
    },
  );

  api.post(
    '/api/cube-user/guest-reject',
    {
      config: { access: access.administrator },
      schema: { querystring: z.object({ ids: idsSchema }).loose() },
    },
    async (request) => {
      const ctx = contextOf(request);
      const ids = request.query.ids;
      await deps.db.db.transaction().execute(async (trx) => {
        const found = await new TenantData(trx, ctx.tenantId)
          .selectFrom('cubeUser')
          .select('id')
          .where('id', 'in', ids)
          .where('status', '=', USER_PENDING)
          .execute();
        if (found.length !== ids.length) throw new NotFoundError();
        await new TenantData(trx, ctx.tenantId)
          .updateTable('cubeUser')
          .set({ isDeleted: 1, updateUser: ctx.userId, updateTime: now() })
          .where('id', 'in', ids)
          .execute();
        // The identity becomes unlinked again: its owner may sign in and apply once more.
        await trx
          .updateTable('cubeUserOauth')
          .set({ userId: null, updateTime: now() })
          .where('tenantId', '=', ctx.tenantId)
          .where('userId', 'in', ids)
          .execute();
      });
      deps.audit.usual(request, { event: 'user.guest_reject', title: '驳回注册申请', data: { ids } });
      return done();
    },
  );
});

/** Sends the browser to the web login page with the given query (the page finishes the sign-in). */
function loginPage(reply: FastifyReply, query: Record<string, string>) {
  return reply.redirect(`/login?${new URLSearchParams(query).toString()}`, 302);
}
