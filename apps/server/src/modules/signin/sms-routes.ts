import { SmsMessage, SocialMessage } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/access.js';
import { done } from '../../platform/envelope.js';
import { BizError } from '../../platform/errors.js';
import type { IdentityServices } from '../identity/services.js';
import { queryAndBody } from './browser.js';

const S = SocialMessage;

/** Phone sign-in: the code is sent here; the token grant (`grant_type=sms_code`) lives in modules/auth. */
export function registerSmsRoutes(app: FastifyInstance, identity: IdentityServices): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { sms } = identity;

  // 手机号登录: sends a sign-in code. Every number gets the same answer; the limits count unknown numbers too.
  api.post(
    '/api/cube-auth/oauth/sms-code',
    {
      config: { access: access.public, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { querystring: z.record(z.string(), z.unknown()) },
    },
    async (request) => {
      const merged = queryAndBody(request);
      const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
      const tenantId = text(merged.tenantId) || request.headers['tenant-id']?.toString() || '';
      if (!/^\d{6}$/.test(tenantId)) throw new BizError(S.TENANT_REQUIRED);
      await sms.sendCode({ tenantId, phone: text(merged.phone), ip: request.ip });
      return done(SmsMessage.SENT);
    },
  );
}
