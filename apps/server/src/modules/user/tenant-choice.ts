import type { FastifyRequest } from 'fastify';
import { actingInTenant, isPlatformAdmin } from '../../platform/context.js';
import type { AppDeps } from '../../platform/deps.js';
import { BizError, ForbiddenError } from '../../platform/errors.js';
import { liveTenantExists } from './admin.queries.js';

/** The message when the chosen tenant is not a live one. */
export const TENANT_MISSING = '所选租户不存在';

const TENANT_ID = /^\d{6}$/;

/** `tenantId` of the query, else of a JSON or form body; undefined when absent or blank. */
function requestedTenant(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body;
  const raw =
    query?.tenantId ??
    (body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>).tenantId
      : undefined);
  if (raw === undefined || raw === null || raw === '') return undefined;
  return String(raw).trim();
}

/**
 * The user screen's tenant (BladeX: the platform administers every tenant's users). A `tenantId` naming another
 * tenant moves the request into that tenant — for the platform administrator only; anyone else naming another
 * tenant is refused (403) rather than quietly answered with their own. Naming one's own tenant changes nothing.
 * The parameter is then taken off the query, so that the list filters never see it.
 */
export async function chooseTenant(deps: AppDeps, request: FastifyRequest): Promise<void> {
  const ctx = request.ctx;
  if (!ctx) return;
  const wanted = requestedTenant(request);
  const query = request.query as Record<string, unknown> | undefined;
  if (query && 'tenantId' in query) delete query.tenantId;
  if (wanted === undefined || wanted === ctx.tenantId) return;
  if (!isPlatformAdmin(ctx)) throw new ForbiddenError();
  if (!TENANT_ID.test(wanted) || !(await liveTenantExists(deps.db.db, wanted)))
    throw new BizError(TENANT_MISSING);
  request.ctx = actingInTenant(ctx, wanted);
}
