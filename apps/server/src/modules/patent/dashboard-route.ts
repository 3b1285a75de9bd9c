import { PATENT_DASHBOARD_PERMISSION } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../platform/access.js';
import type { CrudKit } from '../../platform/crud/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { ok, rSchema } from '../../platform/envelope.js';
import { userNamesByIds } from '../user/user.queries.js';
import { today } from './clock.js';
import { addDays, weekStart } from './dates.js';
import { deadlineDashboard } from './deadline.queries.js';

/**
 * 期限看板: the caller's open deadlines due this week, those overdue, and the open count per agent — within the
 * caller's data scope on cases.
 */
export function registerDeadlineDashboard(
  inner: FastifyInstance,
  deps: AppDeps,
  crud: CrudKit<'patDeadline'>,
): void {
  const itemSchema = z.record(z.string(), z.unknown());
  inner.withTypeProvider<ZodTypeProvider>().get(
    `${crud.prefix}/dashboard`,
    {
      config: { access: access.permission(PATENT_DASHBOARD_PERMISSION) },
      schema: {
        response: {
          200: rSchema(
            z.object({
              today: z.string(),
              weekStart: z.string(),
              weekEnd: z.string(),
              dueThisWeek: z.array(itemSchema),
              overdue: z.array(itemSchema),
              byAgent: z.array(
                z.object({
                  ownerUserId: z.string(),
                  ownerName: z.string(),
                  open: z.number(),
                  dueThisWeek: z.number(),
                  overdue: z.number(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      const day = today();
      const from = weekStart(day);
      const to = addDays(from, 6);
      // The caller's data scope applies: an agent's dashboard is their cases' deadlines.
      const scoped = await crud.readRows(deps.db.db, ctx, { code: PATENT_DASHBOARD_PERMISSION });
      const open = () => scoped.where('patDeadline.deadlineStatus', '=', 'open');
      // Bounded: the dashboard lists at most 200 rows per section; the counts by agent cover every open row.
      const { week, late, counts } = await deadlineDashboard(open, day, from, to);
      const owners = await userNamesByIds(
        deps.db.db,
        null,
        counts.map((c: Record<string, unknown>) => c.ownerUserId),
      );
      return ok({
        today: day,
        weekStart: from,
        weekEnd: to,
        dueThisWeek: await crud.present(week as Array<Record<string, unknown>>),
        overdue: await crud.present(late as Array<Record<string, unknown>>),
        byAgent: counts.map((c: Record<string, unknown>) => ({
          ownerUserId: c.ownerUserId === null ? '' : String(c.ownerUserId),
          ownerName: c.ownerUserId === null ? '未分配' : (owners.get(String(c.ownerUserId)) ?? ''),
          open: Number(c.open),
          dueThisWeek: Number(c.week ?? 0),
          overdue: Number(c.late ?? 0),
        })),
      });
    },
  );
}
