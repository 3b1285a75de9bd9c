import { postEntity } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { isPlatformAdmin } from '../../../platform/context.js';
import { registerCrud } from '../../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { BizError } from '../../../platform/errors.js';
import { crossTenantData, TenantData } from '../../../platform/tenant-data.js';
import { anyUserHolds } from '../../user/user.queries.js';
import { dictLabels } from '../dict/dict.queries.js';
import { postChoices } from './post.queries.js';

const selectQuery = z
  .object({
    tenantId: z
      .string()
      .regex(/^\d{6}$/, '请求参数类型错误: tenantId')
      .optional(),
  })
  .loose();

/** Posts: list, detail, submit, remove through the kit; `select` for the user form's picker. */
export const postModule = defineModule('system/post', (app: FastifyInstance, deps: AppDeps): void => {
  registerCrud(app, deps, postEntity, {
    table: 'cubePost',
    computed: ['categoryName'],
    toRecord: async (records, db) => {
      const labels = await dictLabels(db, 'post_category');
      return records.map((r) => ({ ...r, categoryName: labels.get(String(r.category)) ?? '' }));
    },
    hooks: {
      // A post some live user still holds stays: the user form would show an id without a name.
      afterRemove: [
        async ({ ctx, trx, ids }) => {
          if (await anyUserHolds(trx, ctx.tenantId, 'postId', ids))
            throw new BizError(postEntity.messages.postInUse);
        },
      ],
    },
    routes: (scope) => {
      const api = scope.withTypeProvider<ZodTypeProvider>();
      // BladeX `select?tenantId=`: the platform administrator may list another tenant's posts (its user form
      // edits users of that tenant); anyone else always gets their own tenant's.
      api.get(
        `${postEntity.api}/select`,
        {
          config: { access: access.authenticated },
          schema: {
            querystring: selectQuery,
            response: {
              200: rSchema(
                z.array(
                  z.object({
                    id: z.string(),
                    postCode: z.string(),
                    postName: z.string(),
                    category: z.number(),
                  }),
                ),
              ),
            },
          },
        },
        async (request) => {
          const ctx = contextOf(request);
          const wanted = request.query.tenantId;
          const data =
            wanted && wanted !== ctx.tenantId && isPlatformAdmin(ctx)
              ? crossTenantData(deps.db.db, ctx, wanted)
              : new TenantData(deps.db.db, ctx.tenantId);
          return ok(await postChoices(data));
        },
      );
    },
  });
});
