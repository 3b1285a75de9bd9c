import { CommonMessage, REGION_ROOT_CODE, type RegionNode, regionEntity } from '@cube/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { type CrudKit, registerCrud } from '../../../platform/crud/index.js';
import { idSchema } from '../../../platform/crud/params.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok } from '../../../platform/envelope.js';
import { BizError, NotFoundError } from '../../../platform/errors.js';
import { sendXlsx } from '../../../platform/export-blob.js';
import { excel } from '../../../platform/lazy-modules.js';
import { applyFilters, parseListQuery } from '../../../platform/list-query.js';
import {
  codesWithChildren,
  LEVEL_COLUMNS,
  liveRegions,
  regionById,
  regionChildren,
  regionsHaveChildren,
  renameInPaths,
} from './region.queries.js';
import { installRegionCodeWrites } from './region-codes.js';
import { EXPORT_LIMIT, importRows, readSheet, SHEET } from './region-import.js';
import { placeRegion } from './region-tree.js';

const m = regionEntity.messages;
const T = 'cubeRegion';
const codeParam = z
  .string()
  .regex(/^(0|\d{2,12})$/, '请求参数类型错误: code')
  .optional();

type Row = Record<string, unknown> & { id: string; code: string; parentCode: string; name: string };

/**
 * Administrative regions: platform-wide, keyed by division code; read by anyone with the menu,
 * written by the platform administrator. `lazy-list`/`lazy-tree`/`select` walk the tree by `parentCode`/`code`
 * as the BladeX clients send them, and `submit`/`remove` take codes as they do (see region-codes.ts); `list` pages
 * with the entity's filters; import/export use xlsx.
 */
export const regionModule = defineModule('system/region', (app: FastifyInstance, deps: AppDeps) => {
  const handle = deps.db;

  /** Which of the codes have live children (one grouped query per level). */
  const withChildren = (codes: string[]) => codesWithChildren(handle.db, codes);
  const childrenOf = (parentCode: string) => regionChildren(handle.db, parentCode);

  // BladeX clients submit and remove by code; the kit's id-keyed calls keep working beside them.
  installRegionCodeWrites(app, deps, regionEntity.api);
  registerCrud(app, deps, regionEntity, {
    table: T,
    operations: ['list', 'submit', 'remove'],
    hooks: {
      beforeSave: [
        async ({ trx, id, values }) => {
          if (!id) {
            await placeRegion(trx, values);
            return;
          }
          const current = await regionById(trx, id);
          if (values.code !== current.code) throw new BizError(m.codeFixed);
          if (values.parentCode !== current.parentCode) throw new BizError(m.parentFixed);
          // The place in the tree is the row's; only name, sort and remark change.
          values.regionLevel = current.regionLevel;
          const own = LEVEL_COLUMNS[current.regionLevel];
          if (own) values[own[1]] = values.name;
          if (values.name !== current.name)
            await renameInPaths(trx, current.code, current.regionLevel, String(values.name));
        },
      ],
      afterRemove: [
        async ({ trx, ids }) => {
          if (await regionsHaveChildren(trx, ids)) throw new BizError(m.hasChildren);
        },
      ],
    },
    routes: (scope, kit) => registerRegionRoutes(scope, kit),
  });

  function registerRegionRoutes(scope: FastifyInstance, kit: CrudKit) {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const read = { access: kit.readAccess };

    // BladeX clients ask `detail?code=`; the kit's `?id=` works too.
    api.get(
      `${kit.prefix}/detail`,
      {
        config: read,
        schema: { querystring: z.object({ id: idSchema.optional(), code: codeParam }).loose() },
      },
      async (request) => {
        const { id, code } = request.query;
        if (!id && !code) throw new BizError(CommonMessage.idMissing);
        let q = liveRegions(handle.db);
        q = id ? q.where(`${T}.id`, '=', id) : q.where(`${T}.code`, '=', code as string);
        const row = await q.executeTakeFirst();
        if (!row) throw new NotFoundError();
        return ok(row);
      },
    );

    api.get(
      `${kit.prefix}/lazy-list`,
      { config: read, schema: { querystring: z.object({ parentCode: codeParam }).loose() } },
      async (request) => {
        const { parentCode, ...filters } = request.query as { parentCode?: string } & Record<string, unknown>;
        const q = parseListQuery(filters, regionEntity.filters);
        let found = applyFilters(liveRegions(handle.db), q.filters, handle.kind, T);
        // As the reference does: a search without a parent looks through every level.
        if (parentCode !== undefined || q.filters.length === 0)
          found = found.where(`${T}.parentCode`, '=', parentCode ?? REGION_ROOT_CODE);
        const rows = (await found
          .orderBy(`${T}.sort`)
          .orderBy(`${T}.code`)
          .limit(EXPORT_LIMIT)
          .execute()) as Row[];
        const parents = await withChildren(rows.map((r) => r.code));
        return ok(rows.map((r) => ({ ...r, hasChildren: parents.has(r.code) })));
      },
    );

    api.get(
      `${kit.prefix}/lazy-tree`,
      { config: read, schema: { querystring: z.object({ parentCode: codeParam }).loose() } },
      async (request) => {
        const rows = (await childrenOf(request.query.parentCode ?? REGION_ROOT_CODE).execute()) as Row[];
        const parents = await withChildren(rows.map((r) => r.code));
        const nodes: RegionNode[] = rows.map((r) => ({
          id: r.code,
          parentId: r.parentCode,
          title: r.name,
          key: r.code,
          value: r.code,
          hasChildren: parents.has(r.code),
        }));
        return ok(nodes);
      },
    );

    // Pickers in any form (addresses) read one level at a time, so any signed-in user may.
    api.get(
      `${kit.prefix}/select`,
      {
        config: { access: access.authenticated },
        schema: { querystring: z.object({ code: codeParam }).loose() },
      },
      async (request) => {
        const rows = (await childrenOf(request.query.code ?? REGION_ROOT_CODE).execute()) as Row[];
        const parents = await withChildren(rows.map((r) => r.code));
        return ok(rows.map((r) => ({ ...r, hasChildren: parents.has(r.code) })));
      },
    );

    const sheetOf = () => {
      const workbook = new (excel().Workbook)();
      const sheet = workbook.addWorksheet('行政区划');
      sheet.columns = SHEET.map((c) => ({ ...c }));
      sheet.getRow(1).font = { bold: true };
      return { workbook, sheet };
    };

    api.get(
      `${kit.prefix}/export-region`,
      {
        config: { access: access.download(access.permission('region_export')) },
        schema: { summary: '行政区划-导出' },
      },
      async (request, reply) => {
        const q = parseListQuery(request.query as Record<string, unknown>, regionEntity.filters);
        const rows = await applyFilters(liveRegions(handle.db), q.filters, handle.kind, T)
          .orderBy(`${T}.regionLevel`)
          .orderBy(`${T}.code`)
          .limit(EXPORT_LIMIT)
          .execute();
        const { workbook, sheet } = sheetOf();
        sheet.addRows(rows as Row[]);
        return sendXlsx(reply, await workbook.xlsx.writeBuffer(), '行政区划数据.xlsx');
      },
    );

    api.get(
      `${kit.prefix}/export-template`,
      {
        config: { access: access.download(access.permission('region_import')) },
        schema: { summary: '行政区划-导出导入模板' },
      },
      async (_request, reply) => {
        const { workbook } = sheetOf();
        return sendXlsx(reply, await workbook.xlsx.writeBuffer(), '行政区划导入模板.xlsx');
      },
    );

    scope.register(async (upload) => {
      await upload.register(multipart, {
        limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 5, fieldSize: 64, parts: 6 },
      });
      upload.post(
        `${kit.prefix}/import-region`,
        {
          config: { access: access.permission('region_import', { platformOnly: true }) },
          schema: { summary: '行政区划-导入' },
        },
        async (request) => {
          const ctx = contextOf(request);
          if (!request.isMultipart()) throw new BizError(m.importFileRequired);
          let content: Buffer | undefined;
          let covered = String((request.query as Record<string, unknown>).isCovered ?? '0') === '1';
          for await (const part of request.parts()) {
            if (part.type === 'file' && part.fieldname === 'file') content = await part.toBuffer();
            else if (part.type === 'field' && part.fieldname === 'isCovered')
              covered = String(part.value) === '1';
          }
          // xlsx files are zip containers; anything else is refused before parsing.
          const isZip = content?.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004';
          if (!content || !isZip) throw new BizError(m.importFileRequired);
          const rows = await readSheet(content);
          const result = await importRows(handle.db, rows, covered);
          request.log.info({ event: 'region_imported', userId: ctx.userId, ...result }, 'regions imported');
          return ok(
            result,
            `导入成功: 新增${result.added}条, 更新${result.updated}条, 跳过${result.skipped}条`,
          );
        },
      );
    });
  }
});
