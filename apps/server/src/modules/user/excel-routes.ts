import { PassThrough } from 'node:stream';
import { USER_ACTION_CODES, USER_EXCEL_COLUMNS, userEntity } from '@cube/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../platform/access.js';
import type { CrudKit } from '../../platform/crud/index.js';
import { formatDateTime } from '../../platform/dates.js';
import type { AppDeps } from '../../platform/deps.js';
import { BizError } from '../../platform/errors.js';
import { excel } from '../../platform/lazy-modules.js';
import { recordOperation } from '../../platform/operation-log.js';
import { checkXlsxArchive, readFirstSheet, type XlsxLimits } from '../../platform/xlsx-limits.js';
import { templateLookups } from './admin.queries.js';
import { IMPORT_MAX_ROWS, type ImportRow, importUsers } from './import.js';
import { filteredUsers, USER_COLUMNS } from './user-query.js';

/** An import file larger than this is refused before it is parsed (10,000 rows take about 1 MB). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function attachment(reply: FastifyReply, name: string, ascii: string): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'no-store');
}

/** A cell as text: numbers and dates as written, rich text and formulas by their visible value. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Excel dates carry no zone; exceljs reads them as UTC.
    const iso = value.toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  if (typeof value === 'object') {
    const v = value as {
      richText?: Array<{ text: string }>;
      text?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    return '';
  }
  return String(value).trim();
}

/**
 * What an import file may cost: 10 MB stored, at most 100 MB inflated (20,000 full rows of the template inflate to
 * about 10 MB), no entry inflating more than 100 times its stored size, the header plus 20,000 rows, 64 cells a row.
 */
export const USER_IMPORT_LIMITS: XlsxLimits = {
  maxBytes: IMPORT_MAX_BYTES,
  maxEntries: 64,
  maxInflatedBytes: 100 * 1024 * 1024,
  maxRatio: 100,
  maxRows: IMPORT_MAX_ROWS + 1,
  maxCellsPerRow: 64,
};

/** Reads the first worksheet of a checked xlsx row by row (streaming, refused at the row and cell caps). */
async function readRows(content: Buffer): Promise<Array<{ row: number; cells: string[] }>> {
  await checkXlsxArchive(content, USER_IMPORT_LIMITS);
  const rows = await readFirstSheet(content, USER_IMPORT_LIMITS);
  return rows.map((r) => ({ row: r.row, cells: r.values.map(cellText) }));
}

/** The xlsx import and export of users (BladeX `import-user`, `export-user`, `export-template`). */
export function registerUserExcel(app: FastifyInstance, deps: AppDeps, kit: CrudKit): void {
  const prefix = userEntity.api;

  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 100, parts: 6, headerPairs: 100 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get(
      `${prefix}/export-template`,
      { config: { access: access.download(access.permission(USER_ACTION_CODES.import)) } },
      async (request, reply) => {
        const ctx = contextOf(request);
        const [roles, depts, posts] = await templateLookups(deps.db.db, ctx);
        const book = new (excel().Workbook)();
        const sheet = book.addWorksheet('用户数据');
        sheet.columns = USER_EXCEL_COLUMNS.map((c) => ({ header: c.header, key: c.field, width: 18 }));
        sheet.getRow(1).font = { bold: true };
        sheet.addRow({
          account: 'zhangsan',
          name: '小张',
          realName: '张三',
          phone: '13800138000',
          email: 'zhangsan@example.com',
          sex: '男',
          birthday: '1990-01-01',
          code: 'A001',
          roleName: roles[roles.length - 1]?.roleName ?? '',
          deptName: depts.find((d) => d.parentId !== '0')?.deptName ?? depts[0]?.deptName ?? '',
          postName: posts[posts.length - 1]?.postName ?? '',
          password: '',
        });
        const notes = book.addWorksheet('填写说明');
        notes.columns = [{ width: 24 }, { width: 80 }];
        const byId = new Map(depts.map((d) => [d.id, d]));
        const path = (id: string): string => {
          const d = byId.get(id);
          return d
            ? d.parentId !== '0' && byId.has(d.parentId)
              ? `${path(d.parentId)}/${d.deptName}`
              : d.deptName
            : '';
        };
        for (const line of [
          ['必填列', '登录账号、用户昵称、用户姓名、所属角色、所属部门'],
          ['多个值', '角色、部门、岗位可填多个，用逗号或顿号分隔'],
          ['部门', '填部门名称；名称重复时填完整路径，如 总公司/研发部'],
          ['性别', '男、女 或 未知'],
          ['生日', '日期，如 1990-01-01'],
          ['初始密码', '6 到 32 个字符；留空则使用系统初始密码，首次登录须修改'],
          ['可选角色', roles.map((r) => r.roleName).join('、')],
          ['可选部门', depts.map((d) => path(d.id)).join('、')],
          ['可选岗位', posts.map((p) => p.postName).join('、')],
        ])
          notes.addRow(line);
        const buffer = Buffer.from(await book.xlsx.writeBuffer());
        return attachment(reply, '用户导入模板.xlsx', 'user-import-template.xlsx').send(buffer);
      },
    );

    api.get(
      `${prefix}/export-user`,
      {
        config: { access: access.download(access.permission(USER_ACTION_CODES.export)) },
        schema: { querystring: z.record(z.string(), z.unknown()) },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        // Checked before the answer starts, so that a bad filter is still a 400.
        const f = await filteredUsers(kit, deps, ctx, request.query);
        const out = new PassThrough();
        const book = new (excel().stream.xlsx.WorkbookWriter)({
          stream: out,
          useStyles: false,
          useSharedStrings: false,
        });
        const sheet = book.addWorksheet('用户数据');
        const columns = [
          ...USER_EXCEL_COLUMNS.filter((c) => c.field !== 'password'),
          { field: 'statusName', header: '账号状态' },
          { field: 'createTime', header: '创建时间' },
        ];
        sheet.columns = columns.map((c) => ({ header: c.header, key: c.field, width: 18 }));
        const write = async () => {
          let after = '0';
          for (;;) {
            // Keyset pages in id order: each batch is one indexed range read, however long the export.
            const batch = (await f.rows
              .select(USER_COLUMNS)
              .where('cubeUser.id', '>', after)
              .orderBy('cubeUser.id')
              .limit(1000)
              .execute()) as Array<Record<string, unknown>>;
            if (batch.length === 0) break;
            for (const user of await kit.present(batch)) {
              sheet
                .addRow({
                  ...user,
                  sex: user.sexName,
                  birthday: String(user.birthday ?? '').slice(0, 10),
                  statusName: user.status === 1 ? '正常' : '停用',
                })
                .commit();
            }
            after = String(batch[batch.length - 1]!.id);
          }
          sheet.commit();
          await book.commit();
        };
        write().catch((error) => {
          request.log.error({ err: error }, 'user export failed');
          out.destroy(error as Error);
        });
        const stamp = formatDateTime(new Date()).replace(/[-: ]/g, '').slice(0, 12);
        return attachment(reply, `用户数据${stamp}.xlsx`, `users-${stamp}.xlsx`).send(out);
      },
    );

    api.post(
      `${prefix}/import-user`,
      {
        config: {
          access: access.permission(USER_ACTION_CODES.import),
          rateLimit: { max: 10, timeWindow: '1 minute' },
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        if (Number(request.headers['content-length']) > IMPORT_MAX_BYTES + 64 * 1024)
          throw new BizError('导入文件不能超过10MB');
        if (!request.isMultipart()) throw new BizError('请选择要导入的文件');
        let part: Awaited<ReturnType<typeof request.file>>;
        try {
          part = await request.file();
        } catch (error) {
          request.log.info({ err: error }, 'import upload unreadable');
          throw new BizError('上传的文件无法读取，请重新选择文件');
        }
        if (part?.fieldname !== 'file') throw new BizError('请选择要导入的文件');
        if (!/\.xlsx$/i.test(part.filename)) {
          part.file.resume();
          throw new BizError('仅支持 xlsx 格式的文件');
        }
        // The file is at most 10 MB: held whole, its zip directory and inflated sizes are checked before exceljs
        // parses it, and the parse stops at the row and cell caps (platform/xlsx-limits.ts).
        let content: Buffer;
        try {
          content = await part.toBuffer();
        } catch (error) {
          request.log.info({ err: error }, 'import upload too large or unreadable');
          throw new BizError('导入文件不能超过10MB');
        }
        if (part.file.truncated) throw new BizError('导入文件不能超过10MB');
        const rows: ImportRow[] = await readRows(content);
        // BladeX sends `isCovered` in the query; a form field before the file is read too.
        const fieldValue = (part.fields.isCovered as { value?: unknown } | undefined)?.value;
        const covered =
          String((request.query as Record<string, unknown>).isCovered ?? fieldValue ?? '0') === '1';
        const result = await importUsers(deps, ctx, rows, covered, request.log);
        if (result.errors.length > 0) {
          return reply.code(400).send({
            code: 400,
            success: false,
            msg: `导入数据有${result.errors.length}处错误，未导入任何数据`,
            data: result,
          });
        }
        recordOperation(deps.audit, request, {
          module: 'user',
          action: 'import',
          ids: [],
          detail: { total: result.total, inserted: result.inserted, updated: result.updated, covered },
        });
        return reply.send({ code: 200, success: true, msg: '导入成功', data: result });
      },
    );
  });
}
