import { attachEntity } from '@cube/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf, requirePermission } from '../../../platform/access.js';
import type { RequestContext } from '../../../platform/context.js';
import { formatDateTime } from '../../../platform/dates.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rEmpty, rSchema } from '../../../platform/envelope.js';
import { BizError, NotFoundError } from '../../../platform/errors.js';
import { attachIdByName, removeAttachByName, updateAttachSize } from './attach.queries.js';
import { fileServiceOf } from './file-service.js';
import { FILE_KINDS } from './file-types.js';
import { FILE_LINK_PREFIX, type ObjectName, parseObjectName } from './storage.js';
import { linkOf, readUpload as readOne, storeAttachment, uploadLimits } from './upload.js';

/** BladeX's `BladeFile`: `link` = `domain` + `/` + `name`; `attachId` for `put-file-attach`. */
export const storedFileSchema = z.object({
  link: z.string(),
  domain: z.string(),
  name: z.string(),
  originalName: z.string(),
  attachId: z.string().optional(),
});

/** `stat-file` (BladeX's `OssFile`). */
const statSchema = z.object({
  link: z.string(),
  name: z.string(),
  length: z.number(),
  putTime: z.string(),
  contentType: z.string(),
});

const ENDPOINT = '/api/cube-resource/oss/endpoint';

const fileNameQuery = z.object({ fileName: z.string({ error: '缺少必要的请求参数: fileName' }) }).loose();

/**
 * Object storage. Uploads go to the caller's tenant's enabled backend (local disk by default, or an
 * S3-compatible store); every name carries its tenant and is refused to callers of other tenants; public files are
 * served by name, attachments only to signed-in users of their tenant. Multipart parsing is registered for this
 * scope only.
 */
export const ossModule = defineModule('resource/oss', (app: FastifyInstance, deps: AppDeps): void => {
  const files = fileServiceOf(deps);
  // Attachment rows (`cube_attach`) are in a bound tenant's own database (platform/tenant-databases.ts); the
  // routed handle reaches them there and everything else (permissions, storage configurations) on the master.
  const handle = deps.datasources.routed;
  const maxBytes = deps.config.uploadMaxBytes;

  /** A caller's own object by name: of the caller's tenant, or not found (another tenant's names do not exist). */
  const ownObject = (ctx: RequestContext, fileName: string): ObjectName => {
    const object = parseObjectName(fileName);
    if (!object || object.tenantId !== ctx.tenantId) throw new NotFoundError();
    return object;
  };

  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: uploadLimits(maxBytes),
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    const readUpload = (request: FastifyRequest) => readOne(scope, request, maxBytes);

    const uploadConfig = (base = access.authenticated) => ({
      access: base,
      rateLimit: { max: 60, timeWindow: '1 minute' },
    });

    api.post(
      `${ENDPOINT}/put-file`,
      { config: uploadConfig(), schema: { response: { 200: rSchema(storedFileSchema) } } },
      async (request) => {
        const ctx = contextOf(request);
        const upload = await readUpload(request);
        const { object, store } = await files.newObject(ctx.tenantId, upload.ext, false);
        await store.put(object.key, upload.content, files.contentTypeOf(object));
        request.log.info(
          { event: 'file_uploaded', tenantId: ctx.tenantId, userId: ctx.userId, name: object.name },
          'file uploaded',
        );
        return ok({
          link: linkOf(object),
          domain: FILE_LINK_PREFIX,
          name: object.name,
          originalName: upload.originalName,
        });
      },
    );

    // BladeX records an attachment row for these uploads; they are private: reachable only through the
    // attachment download route, by signed-in users of the tenant.
    api.post(
      `${ENDPOINT}/put-file-attach`,
      { config: uploadConfig(), schema: { response: { 200: rSchema(storedFileSchema) } } },
      async (request) => {
        const ctx = contextOf(request);
        const upload = await readUpload(request);
        const { attachId, link, object } = await storeAttachment(files, handle.db, ctx, upload);
        request.log.info(
          {
            event: 'attach_uploaded',
            tenantId: ctx.tenantId,
            userId: ctx.userId,
            attachId,
            name: object.name,
          },
          'attachment uploaded',
        );
        return ok({
          link,
          domain: FILE_LINK_PREFIX,
          name: object.name,
          originalName: upload.originalName,
          attachId,
        });
      },
    );

    // Replaces the content of one of the tenant's own objects under the same name (an edited document keeps
    // its link). Only names put-file generated exist; the new content must be of the same type; the caller needs
    // the attachment upload code.
    api.post(
      `${ENDPOINT}/put-file-by-name-cover`,
      {
        config: uploadConfig(),
        schema: { querystring: fileNameQuery, response: { 200: rSchema(storedFileSchema) } },
      },
      async (request) => {
        const ctx = contextOf(request);
        const object = ownObject(ctx, request.query.fileName);
        // Replacing a file others see (an avatar, an attachment) is an attachment administrator's act.
        await requirePermission(handle, ctx, attachEntity.permissions.add as string);
        const store = await files.storeOf(object);
        if (!store || !(await store.stat(object.key))) throw new NotFoundError();
        const upload = await readUpload(request);
        if (upload.ext !== object.ext) throw new BizError('文件类型与原文件不一致');
        await store.put(object.key, upload.content, files.contentTypeOf(object));
        let attachId: string | undefined;
        if (object.private) {
          attachId = await attachIdByName(handle.db, ctx.tenantId, object.name);
          await updateAttachSize(handle.db, ctx.tenantId, ctx, object.name, upload.content.length);
        }
        return ok({
          link: linkOf(object, attachId),
          domain: FILE_LINK_PREFIX,
          name: object.name,
          originalName: upload.originalName,
          ...(attachId ? { attachId } : {}),
        });
      },
    );

    api.get(
      `${ENDPOINT}/stat-file`,
      {
        config: { access: access.authenticated },
        schema: { querystring: fileNameQuery, response: { 200: rSchema(statSchema) } },
      },
      async (request) => {
        const ctx = contextOf(request);
        const object = ownObject(ctx, request.query.fileName);
        const store = await files.storeOf(object);
        const info = store ? await store.stat(object.key) : undefined;
        if (!info) throw new NotFoundError();
        let attachId: string | undefined;
        if (object.private) {
          attachId = await attachIdByName(handle.db, ctx.tenantId, object.name);
        }
        return ok({
          link: linkOf(object, attachId),
          name: object.name,
          length: info.size,
          putTime: formatDateTime(info.modified),
          contentType: files.contentTypeOf(object),
        });
      },
    );

    // Deletes one of the tenant's objects and the attachment rows that point at it. Removing stored files is an
    // attachment administrator's act, so it needs the attachment delete code.
    api.post(
      `${ENDPOINT}/remove-file`,
      {
        config: { access: access.permission(attachEntity.permissions.remove as string) },
        schema: { querystring: fileNameQuery, response: { 200: rEmpty } },
      },
      async (request) => {
        const ctx = contextOf(request);
        const object = ownObject(ctx, request.query.fileName);
        const store = await files.storeOf(object);
        if (!store || !(await store.stat(object.key))) throw new NotFoundError();
        await removeAttachByName(handle.db, ctx.tenantId, ctx, object.name);
        await store.remove(object.key);
        request.log.info(
          { event: 'file_removed', tenantId: ctx.tenantId, userId: ctx.userId, name: object.name },
          'file removed',
        );
        return ok({});
      },
    );

    // Public on purpose: files are shown through <img src> and plain links, which cannot send the Cube-Auth
    // header. What protects a file is its name: it carries 128 random bits and the tenant it belongs to, and
    // only names of exactly the shape put-file generates are looked up (anything else, `..` included, is 404
    // before any storage is touched); private attachments are never served here. Responses are never sniffed,
    // never scripted (CSP sandbox), and only images are shown inline; every other type is downloaded.
    api.get(`${FILE_LINK_PREFIX}/*`, { config: { access: access.public } }, async (request, reply) => {
      const object = parseObjectName((request.params as { '*': string })['*']);
      const kind = object && !object.private ? FILE_KINDS[object.ext] : undefined;
      const store = object && kind ? await files.storeOf(object) : undefined;
      const found = object && store ? await store.read(object.key) : undefined;
      if (!object || !kind || !found) throw new NotFoundError();
      const fileName = object.name.slice(object.name.lastIndexOf('/') + 1);
      return reply
        .header('content-type', kind.contentType)
        .header('content-length', found.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${kind.inline ? 'inline' : 'attachment'}; filename="${fileName}"`)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(found.body);
    });
  });
});
