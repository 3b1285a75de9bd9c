import { FLOW_PERMISSIONS } from '@cube/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPlatformAdmin, type RequestContext } from '../../../platform/context.js';
import { fail } from '../../../platform/envelope.js';
import { ForbiddenError } from '../../../platform/errors.js';
import { FlowModelInvalidError } from '../definitions.service.js';

/** What the facet route files share: the permission codes, how a body is read, how refusals answer. */

export const P = FLOW_PERMISSIONS;

/** Body fields may come as JSON or as a form/query (BladeX clients send both). */
export const input = (request: FastifyRequest): Record<string, unknown> => {
  const body = request.body;
  return {
    ...(request.query as Record<string, unknown>),
    ...(body && typeof body === 'object' ? (body as Record<string, unknown>) : {}),
  };
};

/** A model that does not validate answers 400 with every problem in `data.errors`. */
export function answerInvalid(reply: FastifyReply, error: unknown) {
  if (error instanceof FlowModelInvalidError)
    return reply.code(400).send({ ...fail(400, error.message), data: { errors: error.validation.errors } });
  throw error;
}

/** The tenant a platform administrator names (`tenantId`), or the caller's own; anyone else naming another: 403. */
export function tenantOf(ctx: RequestContext, requested: string | undefined): string {
  if (!requested || requested === ctx.tenantId) return ctx.tenantId;
  if (!isPlatformAdmin(ctx)) throw new ForbiddenError();
  return requested;
}

/**
 * How a view across tenants (the platform administrator's) reports a tenant database it left out because it is
 * down: a warning in the request's log, as the jobs log theirs; the view answers from the other databases.
 */
export const skippedIn =
  (request: FastifyRequest) =>
  (tenantId: string, error: unknown): void =>
    request.log.warn({ tenantId, err: error }, 'flow: tenant database unavailable, left out of the view');
