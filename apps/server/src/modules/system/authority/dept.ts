import { DEPT_CATEGORIES, deptEntity } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { mergeForest, registerCrud } from '../../../platform/crud/index.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok } from '../../../platform/envelope.js';
import { BizError } from '../../../platform/errors.js';
import { crossTenantData } from '../../../platform/tenant-data.js';
import { anyUserHolds } from '../../user/user.queries.js';
import { deptNames, deptRowsOf } from './dept.queries.js';
import { treeNode } from './grants.js';

const tenantQuery = z
  .object({
    tenantId: z
      .string()
      .regex(/^\d{6}$/, '请求参数类型错误: tenantId')
      .optional()
      .or(z.literal('')),
  })
  .loose();

/**
 * Departments (as BladeX keeps them): the kit's tree list, lazy list and lazy tree (one level per call, with
 * `hasChildren`), detail, submit (a move rewrites the subtree's `ancestors`; a cycle is refused) and remove
 * (refused while the department has children or users). Reads carry the data scope of the `dept` menu, with the
 * department's own id as its department column.
 */
export const deptModule = defineModule('system/dept', (app: FastifyInstance, deps: AppDeps): void => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const handle = deps.db;

  const kit = registerCrud(app, deps, deptEntity, {
    table: 'cubeDept',
    operations: ['list', 'detail', 'submit', 'remove', 'lazyList'],
    computed: ['parentName', 'deptCategoryName'],
    dataScope: { dept: 'id' },
    toRecord: async (records, db) => {
      const parentIds = [...new Set(records.map((r) => String(r.parentId)).filter((id) => id !== '0'))];
      const names = await deptNames(db, parentIds);
      return records.map((r) => ({
        ...r,
        parentName: r.parentId === '0' ? '顶级' : (names.get(String(r.parentId)) ?? ''),
        deptCategoryName: DEPT_CATEGORIES[Number(r.deptCategory)] ?? '',
      }));
    },
    hooks: {
      afterRemove: [
        async ({ ctx, trx, ids }) => {
          if (await anyUserHolds(trx, ctx.tenantId, 'deptId', ids))
            throw new BizError(deptEntity.messages.deptInUse);
        },
      ],
    },
  });

  // `tree?tenantId=`: the platform administrator may ask for another tenant's tree (unscoped, by name); everyone
  // else gets their own, narrowed by their data scope.
  api.get(
    '/api/cube-system/dept/tree',
    { config: { access: kit.readAccess }, schema: { querystring: tenantQuery } },
    async (request) => {
      const ctx = contextOf(request);
      const tenantId = request.query.tenantId || ctx.tenantId;
      const base =
        tenantId === ctx.tenantId
          ? await kit.readRows(handle.db, ctx)
          : deptRowsOf(crossTenantData(handle.db, ctx, tenantId));
      const rows = (await base
        .select(['cubeDept.id as id', 'cubeDept.parentId as parentId', 'cubeDept.deptName as title'])
        .orderBy('cubeDept.sort')
        .orderBy('cubeDept.id')
        .execute()) as Array<{ id: string; parentId: string; title: string }>;
      return ok(mergeForest(rows.map((r) => treeNode(r.id, String(r.parentId), r.title))));
    },
  );

  // BladeX `deptDictionary`: the caller's departments as a flat dictionary for pickers and label lookups.
  api.get(
    '/api/cube-system/dept/deptDictionary',
    { config: { access: access.authenticated } },
    async (request) => {
      const ctx = contextOf(request);
      const rows = await (await kit.readRows(handle.db, ctx))
        .select([
          'cubeDept.id as id',
          'cubeDept.parentId as parentId',
          'cubeDept.deptName as deptName',
          'cubeDept.fullName as fullName',
          'cubeDept.deptCategory as deptCategory',
        ])
        .orderBy('cubeDept.sort')
        .orderBy('cubeDept.id')
        .execute();
      return ok(rows);
    },
  );
});
