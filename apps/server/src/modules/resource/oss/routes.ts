import { createReadStream } from 'node:fs';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, contextOf } from '../../../platform/access.js';
import { type AppDeps, defineModule } from '../../../platform/deps.js';
import { ok, rSchema } from '../../../platform/envelope.js';
import { AppError, BizError, NotFoundError } from '../../../platform/errors.js';
import { ALLOWED_EXTENSIONS_TEXT, extensionOf, FILE_KINDS } from './file-types.js';
import { FILE_LINK_PREFIX, LocalFileStore, storedExtension } from './storage.js';

/** `BladeFile` of contract §15; `link` = `domain` + `/` + `name`. */
export const storedFileSchema = z.object({
  link: z.string(),
  domain: z.string(),
  name: z.string(),
  originalName: z.string(),
});

/** Room for the multipart envelope around the file when a declared request length is checked up front. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function sizeLabel(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)}MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024}KB`;
  return `${bytes}字节`;
}

/** The client's file name as metadata only: no directories, no control characters, bounded. */
function cleanOriginalName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return printable.trim().slice(0, 255);
}

/**
 * Object storage on local disk (contract §15): `put-file` stores one upload of the caller's tenant; `file/*`
 * serves it back. Multipart parsing is registered for this scope only.
 */
export const ossModule = defineModule('resource/oss', (app: FastifyInstance, deps: AppDeps): void => {
  const store = new LocalFileStore(deps.config.dataDir);
  const maxBytes = deps.config.uploadMaxBytes;
  const tooLarge = () => new AppError(413, 413, `上传文件大小不能超过${sizeLabel(maxBytes)}`);

  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 100 },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/api/cube-resource/oss/endpoint/put-file',
      {
        config: { access: access.authenticated, rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { response: { 200: rSchema(storedFileSchema) } },
      },
      async (request) => {
        const ctx = contextOf(request);
        // A declared length far beyond the cap is refused before any of the body is read.
        if (Number(request.headers['content-length']) > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
        if (!request.isMultipart()) throw new BizError('请选择要上传的文件');
        let part: MultipartFile | undefined;
        let content: Buffer;
        try {
          part = await request.file();
          if (part?.fieldname !== 'file') throw new BizError('请选择要上传的文件');
          content = await part.toBuffer();
        } catch (error) {
          if (error instanceof scope.multipartErrors.RequestFileTooLargeError) throw tooLarge();
          throw error;
        }
        const originalName = cleanOriginalName(part.filename);
        const ext = extensionOf(originalName);
        if (!ext) throw new BizError(`不支持的文件类型，仅支持 ${ALLOWED_EXTENSIONS_TEXT}`);
        if (content.length === 0) throw new BizError('上传文件不能为空');
        if (!FILE_KINDS[ext]?.matches(content)) throw new BizError('文件内容与文件类型不符');
        const name = await store.save(ctx.tenantId, ext, content);
        request.log.info(
          { event: 'file_uploaded', tenantId: ctx.tenantId, userId: ctx.userId, name, bytes: content.length },
          'file uploaded',
        );
        return ok({ link: `${FILE_LINK_PREFIX}/${name}`, domain: FILE_LINK_PREFIX, name, originalName });
      },
    );

    // Public on purpose: files are shown through <img src> and plain links, which cannot send the Cube-Auth
    // header. What protects a file is its name: it carries 128 random bits and the tenant it belongs to, and
    // only names of exactly the shape put-file generates are looked up (anything else, `..` included, is 404
    // before the file system is touched). Responses are never sniffed, never scripted (CSP sandbox), and only
    // images are shown inline; every other type is downloaded.
    api.get(`${FILE_LINK_PREFIX}/*`, { config: { access: access.public } }, async (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      const ext = storedExtension(name);
      const kind = ext ? FILE_KINDS[ext] : undefined;
      const file = store.pathOf(name);
      const size = file ? await store.sizeOf(file) : undefined;
      if (!kind || !file || size === undefined) throw new NotFoundError();
      const fileName = name.slice(name.lastIndexOf('/') + 1);
      return reply
        .header('content-type', kind.contentType)
        .header('content-length', size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${kind.inline ? 'inline' : 'attachment'}; filename="${fileName}"`)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(createReadStream(file));
    });
  });
});
