import { createHash } from 'node:crypto';
import { DEFAULT_TENANT_ID, LEAD_EXPORT_PERMISSION, leadEntity, leadSubmitSchema } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { registerCrud } from '../../../platform/crud/index.js';
import { formatDateTime, now } from '../../../platform/dates.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rEmpty } from '../../../platform/envelope.js';
import { AppError, BizError } from '../../../platform/errors.js';
import { sendXlsx } from '../../../platform/export-blob.js';
import { excel } from '../../../platform/lazy-modules.js';
import { applyFilters, parseListQuery } from '../../../platform/list-query.js';
import { loadSiteInfo } from '../../system/site/site-info.js';
import { announceLead } from './announce.js';
import { insertSubmittedLead, isTenantUser, userNames } from './lead.queries.js';

/**
 * Customer leads (客户咨询): the public customer-information form (`POST cube-pr/prkhzx/submit`, no
 * token) and the console screen where the tenant's staff follow them up (`cube-pr/lead/*`, through the CRUD kit).
 *
 * The form is an abuse target, so a submission passes, in order: a 16 KB body cap (413), one
 * budget per client address (the rate-limit plugin, shared through Redis when configured: 429), the strict schema
 * (unknown fields 400), one budget per tenant in the shared store (429, so a botnet cannot flood one tenant's
 * list), then one insert that a retry of the same form folds into the first (the `dedupe_key` unique index).
 * A 2xx is sent only after the row is committed: an acknowledged lead is a stored lead.
 */

export const LEAD_LIMITS = {
  bodyBytes: 16 * 1024,
  perAddressPerMinute: 10,
  perTenantPerMinute: 600,
} as const;

const LEAD_STATUS_LABELS: Record<number, string> = { 1: '新咨询', 2: '已联系', 3: '已关闭' };
const EXPORT_MAX_ROWS = 50_000;

/** The key that makes a retried submission one row: the form's own request id, else its content on that day. */
export function leadDedupeKey(
  values: {
    name: string;
    phone: string;
    company: string;
    service: string;
    message: string;
    requestId?: string;
  },
  day: string,
): string {
  if (values.requestId) return `r:${values.requestId}`;
  const digest = createHash('sha256')
    .update([values.name, values.phone, values.company, values.service, values.message, day].join('\u0001'))
    .digest('base64url');
  return `c:${digest}`;
}

export const leadModule = defineModule('portal/lead', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Leads are the tenant's business data: a tenant bound to a datasource of its own keeps them there
  // (platform/tenant-databases.ts). The kit's transaction is then that database's, so the users an assignee is
  // checked against and the notifications of an assignment are reached on the master (`masterExecutor`).
  const business: AppDeps = { ...deps, db: deps.datasources.routed };
  const masterOf = (trx: Parameters<typeof deps.datasources.masterExecutor>[0]) =>
    deps.datasources.masterExecutor(trx);

  const kit = registerCrud(app, business, leadEntity, {
    table: 'cubeLead',
    computed: ['assigneeName'],
    toRecord: async (records, db) => {
      const ids = [...new Set(records.map((r) => String(r.assigneeId ?? '')).filter(Boolean))];
      const nameOf = await userNames(db, ids);
      return records.map((r) => ({ ...r, assigneeName: nameOf.get(String(r.assigneeId ?? '')) ?? '' }));
    },
    hooks: {
      beforeSave: [
        async ({ ctx, trx, values }) => {
          // The assignee is one of the tenant's own live users (another tenant's id is "not there").
          const assignee = values.assigneeId as string | null | undefined;
          if (assignee && !(await isTenantUser(masterOf(trx), ctx.tenantId, assignee)))
            throw new BizError(leadEntity.messages.assigneeInvalid);
        },
      ],
      afterSave: [
        async ({ ctx, trx, values, savedId, current }) => {
          // A lead handed to someone (new, or to another person) is told to them.
          const assignee = values.assigneeId ? String(values.assigneeId) : '';
          if (!assignee || !savedId || String(current?.assigneeId ?? '') === assignee) return;
          await announceLead(
            masterOf(trx),
            ctx.tenantId,
            {
              id: savedId,
              name: String(values.name ?? current?.name ?? ''),
              company: String(values.company ?? current?.company ?? ''),
              service: String(values.service ?? current?.service ?? ''),
              assigneeId: assignee,
            },
            ctx.userId,
          );
        },
      ],
    },
    routes: (inner, crud) => {
      // The filtered list as xlsx (the console's 导出 button opens it as a link: the token may ride in the query).
      inner.withTypeProvider<ZodTypeProvider>().get(
        `${crud.prefix}/export`,
        {
          config: { access: access.download(access.permission(LEAD_EXPORT_PERMISSION)) },
          schema: { querystring: z.record(z.string(), z.unknown()) },
        },
        async (request, reply) => {
          const ctx = contextOf(request);
          const { 'cube-auth': _token, ...query } = request.query as Record<string, unknown>;
          const parsed = parseListQuery({ ...query, current: 1, size: 10 }, leadEntity.filters);
          // The list's data scope (and any rule granted on the export button) bounds the file as it bounds the list.
          const scoped = await crud.readRows(business.db.db, ctx, { code: LEAD_EXPORT_PERMISSION });
          const rows = await applyFilters(scoped, parsed.filters, deps.db.kind)
            .selectAll()
            .orderBy('id', 'desc')
            .limit(EXPORT_MAX_ROWS)
            .execute();
          const records = await crud.present(rows as Array<Record<string, unknown>>);
          const book = new (excel().Workbook)();
          const sheet = book.addWorksheet('客户咨询');
          sheet.columns = [
            { header: '姓名', key: 'name', width: 14 },
            { header: '手机号码', key: 'phone', width: 16 },
            { header: '公司', key: 'company', width: 28 },
            { header: '咨询业务', key: 'service', width: 14 },
            { header: '留言', key: 'message', width: 48 },
            { header: '跟进状态', key: 'status', width: 10 },
            { header: '跟进人', key: 'assigneeName', width: 12 },
            { header: '跟进记录', key: 'notes', width: 40 },
            { header: '提交时间', key: 'createTime', width: 20 },
          ];
          sheet.getRow(1).font = { bold: true };
          for (const r of records) {
            sheet.addRow({
              // A cell that starts like a formula is written as text (no formula injection through exports).
              ...Object.fromEntries(
                ['name', 'phone', 'company', 'service', 'message', 'assigneeName', 'notes', 'createTime'].map(
                  (k) => [k, asText(r[k])],
                ),
              ),
              status: LEAD_STATUS_LABELS[Number(r.leadStatus)] ?? '',
            });
          }
          const content = await book.xlsx.writeBuffer();
          return sendXlsx(
            reply,
            content as ArrayBuffer,
            `客户咨询${formatDateTime(new Date()).slice(0, 10)}.xlsx`,
          );
        },
      );
    },
  });
  void kit;

  api.post(
    '/api/cube-pr/prkhzx/submit',
    {
      bodyLimit: LEAD_LIMITS.bodyBytes,
      config: {
        access: access.public,
        rateLimit: { max: LEAD_LIMITS.perAddressPerMinute, timeWindow: '1 minute' },
      },
      schema: { body: leadSubmitSchema, response: { 200: rEmpty } },
    },
    async (request) => {
      const body = request.body;
      const site = await loadSiteInfo(deps, request.host ?? '', DEFAULT_TENANT_ID);
      const tenantId = site.tenantId;
      if (!tenantId) throw new BizError('站点未开通');
      // The lead is stored in the site tenant's own database when it has one.
      await deps.datasources.bindSite(tenantId);

      const minute = Math.floor(Date.now() / 60_000);
      const used = await deps.store.increment(`lead-rate:${tenantId}:${minute}`, 120);
      if (used > LEAD_LIMITS.perTenantPerMinute) throw new AppError(429, 429, leadEntity.messages.tooMany);

      const stamp = now();
      const values = {
        name: body.name,
        phone: body.phone,
        company: body.company,
        service: body.service,
        message: body.message,
      };
      const dedupeKey = leadDedupeKey({ ...values, requestId: body.requestId }, stamp.slice(0, 10));
      const inserted = await insertSubmittedLead(
        business.db.db,
        tenantId,
        values,
        { sourceIp: request.ip.slice(0, 64), dedupeKey, at: stamp },
        masterOf,
      );
      if (inserted) {
        deps.audit.usual(request, {
          event: 'lead.submit',
          title: '收到客户咨询',
          tenantId,
          account: '',
          userId: '',
          data: { service: values.service, company: values.company },
        });
      }
      return { ...ok({}), msg: leadEntity.messages.submitted };
    },
  );
});

/** A value as exported text; a leading `= + - @` (formula triggers) gets a quote so spreadsheets show it as typed. */
function asText(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
