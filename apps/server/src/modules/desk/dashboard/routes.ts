import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { splitIds } from '../../../platform/context.js';
import { formatDateTime, now } from '../../../platform/dates.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { allTenantDepts } from '../../system/authority/dept.queries.js';
import { countRoles } from '../../system/authority/role.queries.js';
import { userDeptLists } from '../../user/user.queries.js';
import { countNotices, latestNotices } from '../notice/notice.queries.js';
import { countActiveSessions, countSignIns, tenantName } from './dashboard.queries.js';

const overviewSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  userCount: z.number(),
  deptCount: z.number(),
  roleCount: z.number(),
  noticeCount: z.number(),
  activeSessions: z.number(),
  loginsByDay: z.array(z.object({ date: z.string(), count: z.number() })),
  usersByDept: z.array(z.object({ deptName: z.string(), count: z.number() })),
  recentNotices: z.array(z.object({ id: z.string(), title: z.string(), releaseTime: z.string() })),
});

const DAYS = 7;
const ACTIVE_WINDOW_SECONDS = 12 * 3600;

/** Live figures of the caller's tenant for the console home (`/wel/index`). */
export const dashboardModule = defineModule('desk/dashboard', (app: FastifyInstance, deps: AppDeps): void => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/cube-desk/dashboard/overview',
      { config: { access: access.authenticated }, schema: { response: { 200: rSchema(overviewSchema) } } },
      async (request) => {
        const ctx = contextOf(request);
        const db = deps.db.db;
        const tenantId = ctx.tenantId;
        const stamp = now();
        const since = formatDateTime(new Date(Date.now() - ACTIVE_WINDOW_SECONDS * 1000));

        const [tenant, users, depts, roleCount, noticeCount, activeSessions, recentNotices] =
          await Promise.all([
            tenantName(db, tenantId),
            userDeptLists(db, tenantId),
            allTenantDepts(db, tenantId),
            countRoles(db, tenantId),
            // Notices are business data: a tenant on its own database keeps them there.
            countNotices(deps.datasources.routed.db, tenantId),
            countActiveSessions(db, tenantId, stamp, since),
            latestNotices(deps.datasources.routed.db, tenantId, stamp, 5),
          ]);

        // One indexed count per day keeps this cheap whatever the number of sessions.
        const today = new Date();
        today.setHours(0, 0, 0, 0);
        const loginsByDay = await Promise.all(
          Array.from({ length: DAYS }, async (_, i) => {
            const start = new Date(today.getTime() - (DAYS - 1 - i) * 86_400_000);
            const end = new Date(start.getTime() + 86_400_000);
            const count = await countSignIns(db, tenantId, formatDateTime(start), formatDateTime(end));
            return { date: formatDateTime(start).slice(0, 10), count };
          }),
        );

        const perDept = new Map<string, number>();
        for (const user of users) {
          const first = splitIds(user.deptId)[0];
          if (first) perDept.set(first, (perDept.get(first) ?? 0) + 1);
        }
        return ok({
          tenantId: ctx.tenantId,
          tenantName: tenant?.tenantName ?? '',
          userCount: users.length,
          deptCount: depts.length,
          roleCount,
          noticeCount,
          activeSessions,
          loginsByDay,
          usersByDept: depts
            .map((d) => ({ deptName: d.deptName, count: perDept.get(d.id) ?? 0 }))
            .filter((d) => d.count > 0),
          recentNotices,
        });
      },
    );
});
