import { SocialMessage, userEntity } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../platform/access.js';
import { splitIds } from '../../platform/context.js';
import { idSchema, idsSchema } from '../../platform/crud/params.js';
import type { AppDeps } from '../../platform/deps.js';
import { done, ok } from '../../platform/envelope.js';
import { BizError } from '../../platform/errors.js';
import type { IdentityServices } from '../identity/services.js';
import { queryAndBody } from './browser.js';
import { approveGuest, guestPage, registerGuest, rejectGuests } from './registration.js';

const S = SocialMessage;

const text = (max: number, message: string) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(max, message));

/**
 * Guest registration: the registration form of an unlinked identity (第三方注册), and the tenant
 * administrator's list of pending registrations (待审核) with the decisions on them.
 */
export function registerGuestRoutes(app: FastifyInstance, deps: AppDeps, identity: IdentityServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { social } = identity;

  // The ticket in `oauthId` came from the social grant's guest answer; it is used once.
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
      const parsed = registerBody.safeParse(queryAndBody(request));
      if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? S.SUBMIT_FAILED);
      const input = parsed.data;
      if (!input.tenantId) throw new BizError(S.TENANT_REQUIRED);
      if (!input.account) throw new BizError(S.ACCOUNT_REQUIRED);
      if (!input.password) throw new BizError(S.PASSWORD_REQUIRED);
      const tenantId = await registerGuest(deps, social, input);
      request.log.info({ event: 'guest_registered', tenantId }, 'guest registration submitted');
      return done();
    },
  );

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
      return ok(await guestPage(deps, ctx.tenantId, request.query));
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
      const parsed = approveBody.safeParse(queryAndBody(request));
      if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? '参数错误');
      const { id } = parsed.data;
      const roleId = splitIds(parsed.data.roleId).join(',');
      const deptId = splitIds(parsed.data.deptId).join(',');
      if (!roleId) throw new BizError(userEntity.messages.roleRequired);
      if (!deptId) throw new BizError(userEntity.messages.deptRequired);
      await approveGuest(deps, ctx, id, { roleId, deptId });
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
      await rejectGuests(deps, ctx, ids);
      deps.audit.usual(request, { event: 'user.guest_reject', title: '驳回注册申请', data: { ids } });
      return done();
    },
  );
}
