import { PATENT_DOCUMENT_API, patentDocumentListQuery, patentDocumentSchema } from '@cube/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../platform/access.js';
import type { CrudKit } from '../../platform/crud/index.js';
import { idSchema } from '../../platform/crud/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { ok, rEmpty, rSchema } from '../../platform/envelope.js';
import { BizError } from '../../platform/errors.js';
import { sendBlob } from '../../platform/export-blob.js';
import { readUpload, uploadLimits } from '../resource/oss/upload.js';
import { CaseDocumentService, type UploadTarget } from './document.service.js';

const PREVIEW_INLINE = new Set(['pdf', 'jpg', 'png', 'gif', 'webp']);

/**
 * `cube-patent/document/*`: the documents of a case's process steps — list, upload on a step, download, remove.
 * Every route is open to signed-in users; who may see or add what is the service's rule (the case's data scope,
 * or handling its open step). Multipart parsing is registered for this scope only, with the upload limits of the
 * file store.
 */
export function registerCaseDocuments(
  app: FastifyInstance,
  deps: AppDeps,
  cases: CrudKit<'patApplication'>,
): void {
  const docs = new CaseDocumentService(deps, cases);
  const maxBytes = deps.config.uploadMaxBytes;

  app.register(async (scope) => {
    await scope.register(multipart, { limits: uploadLimits(maxBytes) });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.get(
      `${PATENT_DOCUMENT_API}/list`,
      {
        config: { access: access.authenticated },
        schema: {
          querystring: patentDocumentListQuery.loose(),
          response: { 200: rSchema(z.array(patentDocumentSchema)) },
        },
      },
      async (request) => ok(await docs.list(contextOf(request), request.query.applicationId)),
    );

    // The case, task and kind come as fields before the file (or in the query): they are checked before any of
    // the file is read, and nothing is stored for a refused upload.
    api.post(
      `${PATENT_DOCUMENT_API}/upload`,
      {
        config: { access: access.authenticated, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { response: { 200: rSchema(patentDocumentSchema) } },
      },
      async (request) => {
        const ctx = contextOf(request);
        let target: UploadTarget | undefined;
        const upload = await readUpload(scope, request, maxBytes, async (fields) => {
          target = await docs.uploadTarget(ctx, { ...(request.query as object), ...fields });
        });
        if (!target) throw new BizError('请选择要上传的文件');
        const stored = await docs.store(ctx, target, upload);
        request.log.info(
          {
            event: 'case_document_uploaded',
            tenantId: ctx.tenantId,
            userId: ctx.userId,
            documentId: stored.id,
            applicationId: stored.applicationId,
          },
          'case document uploaded',
        );
        return ok(stored);
      },
    );

    api.get(
      `${PATENT_DOCUMENT_API}/download`,
      {
        config: { access: access.download(access.authenticated) },
        schema: { querystring: z.object({ id: idSchema }).loose() },
      },
      async (request, reply) => {
        const file = await docs.file(contextOf(request), request.query.id);
        const ext = file.fileName.slice(file.fileName.lastIndexOf('.') + 1).toLowerCase();
        return sendBlob(reply, { ...file, inline: PREVIEW_INLINE.has(ext), cache: 'private, no-cache' });
      },
    );

    api.post(
      `${PATENT_DOCUMENT_API}/remove`,
      {
        config: { access: access.authenticated },
        schema: { querystring: z.object({ id: idSchema }).loose(), response: { 200: rEmpty } },
      },
      async (request) => {
        await docs.remove(contextOf(request), request.query.id);
        return ok({});
      },
    );
  });
}
