import {
  OAUTH_SECRET_REQUIRED,
  oauthProviderEntity,
  oauthProviderProblem,
  PLATFORM_TENANT_ID,
  SECRET_MASK,
  SmsMessage,
  SocialMessage,
  smsProviderEntity,
  smsProviderProblem,
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
import { IdentityLinker } from './links.js';
import { LogSmsSender, SmsLogin } from './sms.js';
import { SmsProviders } from './sms-providers.js';
import { BINDING_COOKIE, readCookie, SocialLogin, STATE_TTL_SECONDS, USER_PENDING } from './social.js';

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

const smsProviderInstances = new WeakMap<AppDeps, SmsProviders>();
/** One SmsProviders per app (its guarded agent keeps connections to the vendors alive). */
function smsProvidersOf(deps: AppDeps): SmsProviders {
  let found = smsProviderInstances.get(deps);
  if (!found) {
    found = new SmsProviders(deps);
    smsProviderInstances.set(deps, found);
  }
  return found;
}

const smsInstances = new WeakMap<AppDeps, SmsLogin>();
/**
 * One SmsLogin per app: the tenant's SMS service sends; a tenant without one gets the development provider
 * (codes in the server log through `log`) outside production, and no phone sign-in in production.
 */
export function smsLoginOf(deps: AppDeps, log: FastifyBaseLogger): SmsLogin {
  let found = smsInstances.get(deps);
  if (!found) {
    const providers = smsProvidersOf(deps);
    found = new SmsLogin(
      { ...deps, log },
      deps.config.production ? null : new LogSmsSender(log),
      (tenantId) => providers.senderFor(tenantId),
    );
    smsInstances.set(deps, found);
  }
  return found;
}

/** The cookie that binds a started login (or link) to this browser; httpOnly, only for the oauth routes. */
function setBindingCookie(request: FastifyRequest, reply: FastifyReply, binding: string) {
  reply.header(
    'set-cookie',
    `${BINDING_COOKIE}=${binding}; Path=/api/cube-auth/oauth; Max-Age=${STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${
      request.protocol === 'https' ? '; Secure' : ''
    }`,
  );
}

/** Where the profile page lists the identities (link mode returns there). */
const PROFILE_PAGE = '/info/index';

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
    hooks: {
      beforeSave: [
        async ({ id, values, rows }) => {
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
            // Gitee, DingTalk and WeChat always authenticate the client with its secret; the others may be public
            // clients (PKCE only).
            if (!stored?.clientSecret && OAUTH_SECRET_REQUIRED.includes(Number(values.category)))
              throw new BizError(M.clientSecretRequired);
          } else {
            values.clientSecret = social.secrets.seal(secret);
          }
        },
      ],
    },
  });

  // 短信服务: the tenant's SMS service for phone sign-in codes; the AccessKey secret sealed, read as a mask.
  const smsProviders = smsProvidersOf(deps);
  const SM = smsProviderEntity.messages;
  registerCrud(app, deps, smsProviderEntity, {
    table: 'cubeSmsProvider',
    toRecord: (records) =>
      records.map((r) => ({ ...r, accessKeySecret: r.accessKeySecret ? SECRET_MASK : '' })),
    hooks: {
      beforeSave: [
        async ({ id, values, rows }) => {
          const problem = smsProviderProblem(values as { category: number; sdkAppId: string });
          if (problem) throw new BizError(problem);
          if (Number(values.enabled) === 1) {
            let others = rows().select('cubeSmsProvider.id').where('cubeSmsProvider.enabled', '=', 1);
            if (id) others = others.where('cubeSmsProvider.id', '!=', id);
            if (await others.executeTakeFirst()) throw new BizError(SM.oneEnabled);
          }
          const secret = String(values.accessKeySecret ?? '');
          if (secret === '' || secret === SECRET_MASK) {
            delete values.accessKeySecret;
            const stored = id
              ? ((await rows()
                  .select('cubeSmsProvider.accessKeySecret')
                  .where('cubeSmsProvider.id', '=', id)
                  .executeTakeFirst()) as { accessKeySecret: string } | undefined)
              : undefined;
            if (!stored?.accessKeySecret) throw new BizError(SM.accessKeySecretRequired);
          } else {
            values.accessKeySecret = smsProviders.secrets.seal(secret);
          }
        },
      ],
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
      return ok(await social.providers(tenantId));
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
        setBindingCookie(request, reply, binding);
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
            // DingTalk's 2.0 login names the code `authCode`.
            authCode: z.string().max(2000).optional(),
            state: z.string().max(500).optional(),
            error: z.string().max(200).optional(),
          })
          .loose(),
      },
    },
    async (request, reply) => {
      const { state, error } = request.query;
      const code = request.query.code || request.query.authCode;
      const pending = state ? await social.pending(state) : undefined;
      if (pending?.mode === 'link') {
        // Back to the profile page, which finishes the link with the signed-in user's token.
        const query: Record<string, string> =
          error || !code || !state
            ? { linkError: S.PROVIDER_FAILED }
            : { source: request.params.source, code, state };
        return reply.redirect(`${PROFILE_PAGE}?${new URLSearchParams({ tab: 'identity', ...query })}`, 302);
      }
      if (error || !code || !state) return loginPage(reply, { socialError: S.PROVIDER_FAILED });
      return loginPage(reply, {
        tenantId: pending?.tenantId ?? '',
        source: request.params.source,
        code,
        state,
      });
    },
  );

  // 第三方账号 on the profile page: the signed-in user's identities, linking (the provider's flow in link mode,
  // bound to this user and browser) and unlinking.
  const linker = new IdentityLinker(deps, social);
  api.get('/api/cube-auth/oauth/links', { config: { access: access.authenticated } }, async (request) => {
    const ctx = contextOf(request);
    return ok(await linker.list(ctx.tenantId, ctx.userId));
  });

  api.post(
    '/api/cube-auth/oauth/link/:source',
    {
      config: { access: access.authenticated, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: z.object({ source: z.string().max(32) }) },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const { source } = request.params;
      const { url, binding } = await social
        .start(ctx.tenantId, source, callbackUri(request, source), { userId: ctx.userId })
        .catch((error: unknown) => {
          request.log.warn({ err: error, source }, 'identity link could not start');
          throw new BizError(S.PROVIDER_UNKNOWN);
        });
      setBindingCookie(request, reply, binding);
      return ok({ url });
    },
  );

  const linkBody = z.object({
    source: z.string().trim().min(1, S.STATE_INVALID).max(32),
    code: z.string().trim().min(1, S.STATE_INVALID).max(2000),
    state: z.string().trim().min(1, S.STATE_INVALID).max(500),
  });
  api.post(
    '/api/cube-auth/oauth/link-finish',
    {
      config: { access: access.authenticated, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { querystring: z.record(z.string(), z.unknown()) },
    },
    async (request) => {
      const ctx = contextOf(request);
      const parsed = linkBody.safeParse({
        ...(request.query as object),
        ...((request.body as object | null) ?? {}),
      });
      if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? S.STATE_INVALID);
      const { source, code, state } = parsed.data;
      const identity = await social
        .finish({
          tenantId: ctx.tenantId,
          source,
          code,
          state,
          binding: readCookie(request.headers.cookie, BINDING_COOKIE),
          mode: 'link',
          userId: ctx.userId,
        })
        .catch((error: unknown) => {
          const cause = (error as { cause?: unknown }).cause;
          if (cause) request.log.warn({ err: cause, source }, 'identity link failed at the provider');
          throw new BizError(error instanceof Error ? error.message : S.PROVIDER_FAILED);
        });
      await linker.link(ctx.tenantId, ctx.userId, source, identity);
      deps.audit.usual(request, { event: 'user.oauth_link', title: '绑定第三方账号', data: { source } });
      return done(S.LINKED);
    },
  );

  api.post(
    '/api/cube-auth/oauth/unlink',
    {
      config: { access: access.authenticated },
      schema: { querystring: z.object({ id: idSchema }).loose() },
    },
    async (request) => {
      const ctx = contextOf(request);
      await linker.unlink(ctx.tenantId, ctx.userId, request.query.id);
      deps.audit.usual(request, {
        event: 'user.oauth_unlink',
        title: '解绑第三方账号',
        data: { id: request.query.id },
      });
      return done(S.UNLINKED_DONE);
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
              .set({ userId, linkTime: stamp, updateTime: stamp })
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
          .set({ userId: null, linkTime: null, updateTime: now() })
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
