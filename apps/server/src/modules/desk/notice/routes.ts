import { noticeEntity, pageSchema } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { readPage, registerCrud } from '../../../platform/crud/index.js';
import { now } from '../../../platform/dates.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { applyFilters, parseListQuery } from '../../../platform/list-query.js';
import { dictLabels } from '../../system/dict/dict.queries.js';
import { publishedNotices } from './notice.queries.js';

const myNoticeRecord = noticeEntity.record
  .pick({ id: true, title: true, category: true, releaseTime: true, content: true })
  .extend({ categoryName: z.string() });

export const noticeModule = defineModule('desk/notice', (app: FastifyInstance, deps: AppDeps): void => {
  // Notices are the tenant's business data: a tenant bound to a datasource of its own has them there
  // (platform/tenant-databases.ts); the routed handle reaches everything else on the master.
  const business: AppDeps = { ...deps, db: deps.datasources.routed };
  const kit = registerCrud(app, business, noticeEntity, { table: 'cubeNotice' });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    `${kit.prefix}/my`,
    {
      config: { access: access.authenticated },
      schema: {
        querystring: z.record(z.string(), z.unknown()),
        response: {
          200: rSchema(pageSchema(myNoticeRecord)),
        },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const query = parseListQuery(request.query, { category: noticeEntity.filters.category });
      // Published: enabled and released; a notice dated in the future appears once its time comes.
      // The bell reads what the 通知公告 list reads (the caller's tenant and data scope), published only.
      const published = applyFilters(
        publishedNotices(await kit.readRows(business.db.db, ctx), now()),
        query.filters,
        deps.db.kind,
      );
      const page = await readPage(
        published,
        {
          current: query.current,
          size: query.size,
          orders: [
            { field: 'releaseTime', direction: 'desc' },
            { field: 'id', direction: 'desc' },
          ],
        },
        (qb) =>
          qb.select([
            'cubeNotice.id',
            'cubeNotice.title',
            'cubeNotice.category',
            'cubeNotice.releaseTime',
            'cubeNotice.content',
          ]),
      );
      const labelOf = await dictLabels(deps.db.db, 'notice');
      const records = (page.records as Array<{ category: number }>).map((r) => ({
        ...r,
        categoryName: labelOf.get(String(r.category)) ?? '',
      }));
      return ok({ ...page, records } as never);
    },
  );
});
