import {
  patentApplicationEntity,
  patentDeadlineEntity,
  patentDeadlineRuleEntity,
  patentFeeEntity,
  patentHolidayEntity,
  patentNoticeEntity,
} from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types.js';
import { access, contextOf, requirePermission } from '../../platform/access.js';
import type { RequestContext } from '../../platform/context.js';
import {
  type CrudKit,
  insertEntity,
  optionalIdSchema,
  registerCrud,
  updateEntity,
} from '../../platform/crud/index.js';
import { now } from '../../platform/dates.js';
import { type AppDeps, defineModule } from '../../platform/deps.js';
import { ok, rSchema } from '../../platform/envelope.js';
import { BizError, NotFoundError } from '../../platform/errors.js';
import { recordOperation } from '../../platform/operation-log.js';
import { masterSide } from '../../platform/tenant-databases.js';
import { countLiveUsers, userNamesByIds } from '../user/user.queries.js';
import { caseLabels, findCase, removeCaseChildren } from './case.queries.js';
import { checkCaseReferences, createCase } from './case.service.js';
import { editsReadableCase, registerCaseDetail } from './case-detail.js';
import { today } from './clock.js';
import { companyNames } from './company.queries.js';
import { computeReceipt, dropNoticeDeadlines, receiptRuleSetting, writeNoticeDeadlines } from './compute.js';
import { registerDeadlineDashboard } from './dashboard-route.js';
import { registerCaseDocuments } from './document-routes.js';
import { startReminderJob } from './reminders.js';
import { CASE_CHILD_SCOPE, CASE_SCOPE } from './scope.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The case a child row names, in the caller's tenant (another tenant's case is "not there"). */
async function requireCase(trx: Executor, ctx: RequestContext, id: unknown, message: string) {
  const found = await findCase(trx, ctx.tenantId, String(id));
  if (!found) throw new BizError(message);
  return found;
}

async function requireUser(trx: Executor, ctx: RequestContext, id: unknown, message: string): Promise<void> {
  if (!id) return;
  if ((await countLiveUsers(masterSide(trx), ctx.tenantId, [String(id)])) === 0) throw new BizError(message);
}

/**
 * Patent cases: cases, the official notices received on them, the deadlines and fees those give,
 * the rules and the holiday calendar the arithmetic reads, and the deadline dashboard. Recording a notice derives
 * its receipt date and deadlines in the same transaction as the notice itself.
 */
export const patentModule = defineModule('patent', (app: FastifyInstance, master: AppDeps): void => {
  // Cases and everything on them live with the tenant's business data (platform/tenant-databases.ts): the routed
  // handle reaches them in a bound tenant's database, and the master tables (users, parameters) on the master.
  // The holiday calendar is global and stays on the master: its screen is given the master itself.
  const deps: AppDeps = { ...master, db: master.datasources.routed };
  const handle = deps.db;

  const cases: CrudKit<'patApplication'> = registerCrud(app, deps, patentApplicationEntity, {
    table: 'patApplication',
    dataScope: CASE_SCOPE,
    // The detail is the module's own: whoever handles a step of the case's process reads it too.
    operations: ['list', 'submit', 'remove'],
    routes: (inner, crud) => registerCaseDetail(inner, deps, crud),
    computed: ['companyName', 'agentName'],
    // A case is created in one place, whoever creates it (case.service.ts).
    submit: { insert: ({ trx, ctx, values }) => createCase(trx, ctx, values) },
    toRecord: async (records, db) => {
      const agents = await userNamesByIds(
        db,
        null,
        records.map((r) => r.agentUserId),
      );
      const companyIds = [...new Set(records.map((r) => String(r.companyId ?? '')).filter(Boolean))];
      const companyOf = await companyNames(db, companyIds);
      return records.map((r) => ({
        ...r,
        companyName: companyOf.get(String(r.companyId ?? '')) ?? '',
        agentName: agents.get(String(r.agentUserId ?? '')) ?? '',
      }));
    },
    hooks: {
      beforeSave: [
        editsReadableCase(() => cases),
        // A create's references are checked by createCase itself (the submit's `insert` below).
        async ({ ctx, trx, id, values }) => {
          if (id) await checkCaseReferences(trx, ctx.tenantId, values);
        },
      ],
      afterRemove: [
        async ({ ctx, trx, ids }) => {
          // A removed case takes its notices, deadlines, fees and step documents with it (soft, like the case).
          await removeCaseChildren(trx, ctx.tenantId, ctx, ids);
        },
      ],
    },
  });

  const withCase = async (
    records: Array<Record<string, unknown>>,
    db: Executor,
  ): Promise<Array<Record<string, unknown>>> => {
    const cases = await caseLabels(
      db,
      records.map((r) => r.applicationId),
    );
    return records.map((r) => {
      const c = cases.get(String(r.applicationId));
      return { ...r, docketNo: c?.docketNo ?? '', title: c?.title ?? '' };
    });
  };

  registerCrud(app, deps, patentNoticeEntity, {
    table: 'patNotice',
    dataScope: CASE_CHILD_SCOPE,
    operations: ['list', 'detail', 'remove'],
    computed: ['docketNo'],
    toRecord: async (records, db) => (await withCase(records, db)).map(({ title: _t, ...r }) => r),
    hooks: {
      afterRemove: [async ({ ctx, trx, ids }) => dropNoticeDeadlines(trx, ctx.tenantId, ctx.userId, ids)],
    },
    routes: (inner, crud) => {
      const messages = patentNoticeEntity.messages;
      // The kit's submit, plus what a notice implies: its receipt date and the deadlines and fees its rules give,
      // all in one transaction. On an edit, what the notice produced and nobody has acted on is derived again.
      inner.withTypeProvider<ZodTypeProvider>().post(
        `${crud.prefix}/submit`,
        {
          config: { access: access.permission(patentNoticeEntity.permissions.read) },
          schema: {
            body: patentNoticeEntity.input.extend({ id: optionalIdSchema }),
            response: { 200: rSchema(z.object({ id: z.string() }).catchall(z.string())) },
          },
        },
        async (request) => {
          const ctx = contextOf(request);
          const { id, ...values } = request.body as { id?: string } & Record<string, unknown>;
          await requirePermission(
            handle,
            ctx,
            id ? patentNoticeEntity.permissions.edit : patentNoticeEntity.permissions.add,
          );
          const input = values as z.output<typeof patentNoticeEntity.input>;
          if (input.enteredDate && input.enteredDate < input.dispatchDate)
            throw new BizError(messages.enteredBeforeDispatch);
          const stamp = now();
          let before: Record<string, unknown> | null = null;
          const result = await handle.db.transaction().execute(async (trx) => {
            if (id) {
              // Within the caller's data scope: a notice of a case they cannot read is "not found".
              const found = await (await crud.readRows(trx, ctx))
                .selectAll('patNotice')
                .where('patNotice.id', '=', id)
                .executeTakeFirst();
              if (!found) throw new NotFoundError();
              before = found;
            }
            const theCase = await requireCase(trx, ctx, input.applicationId, messages.applicationMissing);
            const { rule, receiptDate } = computeReceipt(
              input.dispatchDate,
              input.receiptRule,
              await receiptRuleSetting(trx),
              input.enteredDate,
            );
            const row = { ...input, receiptRule: rule, receiptDate };
            let noticeId: string;
            if (id) {
              await updateEntity(trx, ctx, patentNoticeEntity, id, row, { table: 'patNotice', at: stamp });
              await dropNoticeDeadlines(trx, ctx.tenantId, ctx.userId, [id]);
              noticeId = id;
            } else {
              noticeId = await insertEntity(trx, ctx, patentNoticeEntity, row, {
                table: 'patNotice',
                at: stamp,
              });
            }
            const deadlines = await writeNoticeDeadlines(
              trx,
              ctx.tenantId,
              ctx.userId,
              { id: noticeId, ...row },
              theCase,
            );
            return { id: noticeId, receiptDate, receiptRule: rule, deadlines: String(deadlines) };
          });
          recordOperation(deps.audit, request, {
            module: 'patent_notice',
            subject: '通知书',
            action: id ? 'update' : 'create',
            ids: [result.id],
            before,
            after: { ...input, receiptRule: result.receiptRule, receiptDate: result.receiptDate },
          });
          return ok(result);
        },
      );
    },
  });

  registerCrud(app, deps, patentDeadlineEntity, {
    table: 'patDeadline',
    dataScope: CASE_CHILD_SCOPE,
    computed: ['docketNo', 'title', 'ownerName'],
    toRecord: async (records, db) => {
      const owners = await userNamesByIds(
        db,
        null,
        records.map((r) => r.ownerUserId),
      );
      return (await withCase(records, db)).map((r) => ({
        ...r,
        ownerName: owners.get(String(r.ownerUserId ?? '')) ?? '',
      }));
    },
    hooks: {
      beforeSave: [
        async ({ ctx, trx, values }) => {
          await requireCase(trx, ctx, values.applicationId, patentDeadlineEntity.messages.applicationMissing);
          await requireUser(trx, ctx, values.ownerUserId, patentDeadlineEntity.messages.ownerInvalid);
          const official = String(values.officialDue);
          if (values.internalDue && String(values.internalDue) > official)
            throw new BizError(patentDeadlineEntity.messages.internalAfterOfficial);
          if (!values.internalDue) values.internalDue = official;
          if (values.deadlineStatus === 'done' && !values.doneDate) values.doneDate = today();
        },
      ],
    },
    routes: (inner, crud) => registerDeadlineDashboard(inner, deps, crud),
  });

  registerCrud(app, deps, patentFeeEntity, {
    table: 'patFee',
    dataScope: CASE_CHILD_SCOPE,
    computed: ['docketNo'],
    toRecord: async (records, db) => (await withCase(records, db)).map(({ title: _t, ...r }) => r),
    hooks: {
      beforeSave: [
        async ({ ctx, trx, values }) => {
          await requireCase(trx, ctx, values.applicationId, patentFeeEntity.messages.applicationMissing);
        },
      ],
    },
  });

  registerCaseDocuments(app, deps, cases);

  registerCrud(app, deps, patentDeadlineRuleEntity, { table: 'patDeadlineRule' });
  registerCrud(app, master, patentHolidayEntity, { table: 'patHoliday' });

  startReminderJob(app, master);
});
