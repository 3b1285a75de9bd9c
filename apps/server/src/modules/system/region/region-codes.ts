import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../platform/deps.js';
import { BizError, NotFoundError } from '../../../platform/errors.js';
import { regionByCode, regionIdsByCodes } from './region.queries.js';

const CODE = /^\d{2,12}$/;

/**
 * BladeX keys a region by its division code, and its clients write by code: `submit` without an id inserts a new
 * code and updates an existing one, and `remove?id=` names the codes (comma-separated) to remove. This turns those
 * requests into the id-keyed ones the CRUD kit serves (`submit` with `id`, `remove?ids=`) before validation, so
 * both forms share every rule; a request that already names ids is left alone.
 */
export function installRegionCodeWrites(app: FastifyInstance, deps: AppDeps, prefix: string): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.method !== 'POST') return;
    const path = request.url.split('?')[0];
    if (path === `${prefix}/submit`) await submitByCode(request, deps);
    else if (path === `${prefix}/remove`) await removeByCode(request, deps);
  });
}

async function submitByCode(request: FastifyRequest, deps: AppDeps): Promise<void> {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object') return;
  if (body.id !== undefined && body.id !== null && body.id !== '') return;
  delete body.id;
  if (typeof body.code !== 'string' || !CODE.test(body.code)) return;
  // The same code under the same parent is the client editing that region; under another parent it stays an
  // insert, so the code's prefix and uniqueness rules answer as they do for any new region.
  const existing = await regionByCode(deps.db.db, body.code);
  if (existing && (body.parentCode === undefined || String(body.parentCode) === existing.parentCode))
    body.id = existing.id;
}

async function removeByCode(request: FastifyRequest, deps: AppDeps): Promise<void> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<
    string,
    unknown
  >;
  if (query.ids !== undefined || body.ids !== undefined) return;
  const raw = query.id ?? body.id;
  if (raw === undefined) return;
  const codes = [
    ...new Set(
      String(raw)
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  if (codes.length === 0 || !codes.every((c) => CODE.test(c))) throw new BizError('请求参数类型错误: id');
  const idOf = await regionIdsByCodes(deps.db.db, codes);
  if (idOf.size !== codes.length) throw new NotFoundError();
  (request.query as Record<string, unknown>).ids = codes.map((c) => idOf.get(c)).join(',');
}
