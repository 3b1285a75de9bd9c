import { pageSchema } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { auditRecordFields, registerCrud } from '../../../platform/crud.js';
import { DATE_TIME_PATTERN, formatDateTime, now, parseDateTime } from '../../../platform/dates.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema, toPage } from '../../../platform/envelope.js';
import { applyFilters, parseListQuery } from '../../../platform/list-query.js';
import { tenantData } from '../../../platform/tenant-data.js';

/** Notices (the desk module): one tenant's announcements, administered in the console, read in the notice bell. */
export const noticeRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  title: z.string(),
  category: z.number(),
  releaseTime: z.string(),
  content: z.string(),
  ...auditRecordFields,
});

const releaseTime = z
  .string({ error: '请选择通知时间' })
  .trim()
  .min(1, '请选择通知时间')
  .regex(DATE_TIME_PATTERN, '通知时间格式不正确')
  .refine((v) => formatDateTime(parseDateTime(v)) === v, '通知时间格式不正确');

export const noticeInput = z.object({
  title: z
    .string({ error: '请输入通知标题' })
    .trim()
    .min(1, '请输入通知标题')
    .max(255, '通知标题不能超过255个字符'),
  // Forms send dictionary keys as strings or numbers; either way it is a key of the `notice` dictionary.
  category: z.coerce
    .number({ error: '请选择通知类型' })
    .int('请选择通知类型')
    .min(1, '请选择通知类型')
    .max(999, '请选择通知类型'),
  releaseTime,
  content: z.string().max(20_000, '通知内容不能超过20000个字符').optional().default(''),
});

const myNoticeRecord = noticeRecord
  .pick({ id: true, title: true, category: true, releaseTime: true, content: true })
  .extend({ categoryName: z.string() });

export const noticeModule = defineModule('desk/notice', (app: FastifyInstance, deps: AppDeps): void => {
  const prefix = '/api/cube-desk/notice';
  registerCrud(app, deps.db, {
    prefix,
    table: 'cubeNotice',
    scope: 'tenant',
    record: noticeRecord,
    input: noticeInput,
    fields: {
      id: 'id',
      title: 'string',
      category: 'number',
      releaseTime: 'date',
      content: 'string',
      createTime: 'date',
      updateTime: 'date',
      status: 'number',
    },
    defaultOrder: [
      { field: 'releaseTime', direction: 'desc' },
      { field: 'id', direction: 'desc' },
    ],
    permissions: { read: 'notice', add: 'notice_add', edit: 'notice_edit', remove: 'notice_delete' },
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    `${prefix}/my`,
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
      const query = parseListQuery(request.query, { category: 'number' });
      // Published: enabled and released; a notice dated in the future appears once its time comes.
      let published = applyFilters(
        tenantData(deps.db.db, ctx)
          .selectFrom('cubeNotice')
          .where('status', '=', 1)
          .where('releaseTime', '<=', now()),
        query.filters,
        deps.db.kind,
      );
      const count = await published.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
      published = published.orderBy('releaseTime', 'desc').orderBy('id', 'desc');
      const rows = await published
        .select(['id', 'title', 'category', 'releaseTime', 'content'])
        .limit(query.size)
        .offset((query.current - 1) * query.size)
        .execute();
      const labels = await deps.db.db
        .selectFrom('cubeDict')
        .select(['dictKey', 'dictValue'])
        .where('code', '=', 'notice')
        .where('parentId', '<>', '0')
        .where('isDeleted', '=', 0)
        .execute();
      const labelOf = new Map(labels.map((l) => [l.dictKey, l.dictValue]));
      const records = rows.map((r) => ({ ...r, categoryName: labelOf.get(String(r.category)) ?? '' }));
      return ok(toPage(records, Number(count?.total ?? 0), query.current, query.size));
    },
  );
});
