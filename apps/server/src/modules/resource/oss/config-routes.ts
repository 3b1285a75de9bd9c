import { OSS_LOCAL_CATEGORY, ossConfigProblem, ossEntity, SECRET_MASK } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { registerCrud } from '../../../platform/crud/index.js';
import { idSchema } from '../../../platform/crud/params.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rEmpty } from '../../../platform/envelope.js';
import { BizError, NotFoundError } from '../../../platform/errors.js';
import { fileServiceOf, StorageUnavailableError } from './file-service.js';
import { enableOss, type OssRow } from './oss.queries.js';

const DISABLED = 1;
const m = ossEntity.messages;

/** Why a connection test failed, in words an administrator can act on (never the secret). */
function describeFailure(error: unknown): string {
  if (error instanceof StorageUnavailableError) return '密钥无法解密，请重新输入 SecretKey';
  const e = error as {
    name?: string;
    code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e.$metadata?.httpStatusCode;
  if (status === 404 || e.name === 'NotFound' || e.name === 'NoSuchBucket') return '空间不存在';
  if (status === 403 || status === 401) return 'AccessKey 或 SecretKey 不正确，或无权访问该空间';
  if (e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND' || e.name === 'TimeoutError')
    return '无法连接资源地址';
  return e.name || '未知错误';
}

/**
 * Object storage configurations (BladeX `/blade-resource/oss/*`): per tenant; at most one enabled,
 * and that one receives the tenant's uploads. Secret keys are sealed at rest and read back only as a mask; a
 * save that sends the mask (or nothing) keeps the stored secret.
 */
export const ossConfigModule = defineModule('resource/oss-config', (app: FastifyInstance, deps: AppDeps) => {
  const files = fileServiceOf(deps);
  const handle = deps.db;

  registerCrud(app, deps, ossEntity, {
    table: 'cubeOss',
    toRecord: (records) => records.map((r) => ({ ...r, secretKey: r.secretKey ? SECRET_MASK : '' })),
    hooks: {
      beforeSave: [
        async ({ id, values, rows }) => {
          const problem = ossConfigProblem(
            values as { category: number; endpoint: string; accessKey: string; bucketName: string },
          );
          if (problem) throw new BizError(problem);
          const secret = String(values.secretKey ?? '');
          if (secret === '' || secret === SECRET_MASK) {
            delete values.secretKey;
            if (values.category !== OSS_LOCAL_CATEGORY) {
              const stored = id
                ? ((await rows()
                    .select('cubeOss.secretKey')
                    .where('cubeOss.id', '=', id)
                    .executeTakeFirst()) as { secretKey: string } | undefined)
                : undefined;
              if (!stored?.secretKey) throw new BizError(m.secretKeyRequired);
            }
          } else {
            values.secretKey = files.secrets.seal(secret);
          }
        },
      ],
    },
    routes: (scope, kit) => {
      const api = scope.withTypeProvider<ZodTypeProvider>();
      const idQuery = z.object({ id: idSchema }).loose();

      // BladeX `oss/enable?id=`: this configuration takes the tenant's uploads, every other one is switched off,
      // in one transaction so that two enabled rows are never seen.
      api.post(
        `${kit.prefix}/enable`,
        {
          config: { access: access.permission('oss_enable') },
          schema: { summary: '对象存储-启用', querystring: idQuery, response: { 200: rEmpty } },
        },
        async (request) => {
          const ctx = contextOf(request);
          const id = request.query.id;
          await handle.db.transaction().execute(async (trx) => {
            const found = await kit
              .rows(trx, ctx)
              .select('cubeOss.id')
              .where('cubeOss.id', '=', id)
              .executeTakeFirst();
            if (!found) throw new NotFoundError();
            await enableOss(trx, ctx.tenantId, ctx, id, DISABLED);
          });
          request.log.info(
            { event: 'oss_enabled', tenantId: ctx.tenantId, userId: ctx.userId, id },
            'oss enabled',
          );
          return ok({});
        },
      );

      // 测试连接: really asks the store for the bucket with the stored credentials.
      api.post(
        `${kit.prefix}/test-connection`,
        {
          config: {
            access: access.permission(ossEntity.permissions.edit),
            rateLimit: { max: 20, timeWindow: '1 minute' },
          },
          schema: { summary: '对象存储-测试连接', querystring: idQuery, response: { 200: rEmpty } },
        },
        async (request) => {
          const ctx = contextOf(request);
          const row = (await kit
            .rows(handle.db, ctx)
            .select([
              'cubeOss.id',
              'cubeOss.tenantId',
              'cubeOss.category',
              'cubeOss.endpoint',
              'cubeOss.accessKey',
              'cubeOss.secretKey',
              'cubeOss.bucketName',
              'cubeOss.region',
              'cubeOss.updateTime',
            ])
            .where('cubeOss.id', '=', request.query.id)
            .executeTakeFirst()) as OssRow | undefined;
          if (!row) throw new NotFoundError();
          if (row.category === OSS_LOCAL_CATEGORY) return ok({}, m.connectionOk);
          try {
            await files.s3For(row).checkBucket();
          } catch (error) {
            throw new BizError(`${m.connectionFailed}: ${describeFailure(error)}`);
          }
          return ok({}, m.connectionOk);
        },
      );
    },
  });
});
