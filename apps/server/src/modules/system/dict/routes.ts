import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { tenantData } from '../../../platform/tenant-data.js';

/** A dictionary item as `dictionary?code=` answers it (contract §11); sealed items are left out. */
export const dictItemSchema = z.object({
  id: z.string(),
  parentId: z.string(),
  code: z.string(),
  dictKey: z.string(),
  dictValue: z.string(),
  sort: z.number(),
  remark: z.string(),
});

const codeQuery = z.object({
  code: z
    .string({ error: '缺少必要的请求参数: code' })
    .trim()
    .min(1, '缺少必要的请求参数: code')
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, '请求参数类型错误: code'),
});

const ITEM_COLUMNS = ['id', 'parentId', 'code', 'dictKey', 'dictValue', 'sort', 'remark'] as const;

/**
 * Dictionary lookups for selects: the system dictionary (platform-wide) and the business dictionary (per tenant).
 * Only items of a registered code come back — an unknown code is an empty list, never another table (I2).
 */
export const dictModule = defineModule('system/dict', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { querystring: codeQuery, response: { 200: rSchema(z.array(dictItemSchema)) } };

  api.get(
    '/api/cube-system/dict/dictionary',
    { config: { access: access.authenticated }, schema },
    async (request) => {
      const rows = await deps.db.db
        .selectFrom('cubeDict')
        .select([...ITEM_COLUMNS])
        .where('code', '=', request.query.code)
        .where('parentId', '<>', '0')
        .where('isSealed', '=', 0)
        .where('isDeleted', '=', 0)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return ok(rows);
    },
  );

  api.get(
    '/api/cube-system/dict-biz/dictionary',
    { config: { access: access.authenticated }, schema },
    async (request) => {
      const rows = await tenantData(deps.db.db, contextOf(request))
        .selectFrom('cubeDictBiz')
        .select([...ITEM_COLUMNS])
        .where('code', '=', request.query.code)
        .where('parentId', '<>', '0')
        .where('isSealed', '=', 0)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return ok(rows);
    },
  );
});
