import { attachEntity } from '@cube/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import type { RequestContext } from '../../../platform/context.js';
import { now } from '../../../platform/dates.js';
import { AppError, BizError } from '../../../platform/errors.js';
import { newId } from '../../../platform/ids.js';
import { insertAttach } from './attach.queries.js';
import type { FileService } from './file-service.js';
import { ALLOWED_EXTENSIONS_TEXT, extensionOf, FILE_KINDS } from './file-types.js';
import { FILE_LINK_PREFIX, type ObjectName } from './storage.js';

/**
 * Reading one uploaded file and storing it as a private attachment: the checks every upload passes (size cap,
 * accepted type, non-empty, content matching its extension) and the one way a private file is written (object
 * first, then its `cube_attach` row, the object removed again when the row cannot be written). The upload routes
 * here and the modules that keep files of their own (a patent case's documents) use the same code, so there is
 * one file store and one set of limits.
 */

/** Where private attachments are downloaded (`resource/attach`), by attachment id. */
export const ATTACH_DOWNLOAD_PATH = `${attachEntity.api}/download`;

/** Room for the multipart envelope around the file when a declared request length is checked up front. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The multipart limits of an upload scope: one file, a few short fields. */
export const uploadLimits = (maxBytes: number) => ({
  fileSize: maxBytes,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 11,
  headerPairs: 100,
});

function sizeLabel(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)}MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024}KB`;
  return `${bytes}字节`;
}

export const uploadTooLarge = (maxBytes: number) =>
  new AppError(413, 413, `上传文件大小不能超过${sizeLabel(maxBytes)}`);

/** The client's file name as metadata only: no directories, no control characters, bounded. */
function cleanOriginalName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return printable.trim().slice(0, 255);
}

/** The link a stored object is reached by: public objects by name, private attachments through the download route. */
export const linkOf = (object: ObjectName, attachId?: string) =>
  object.private && attachId
    ? `${ATTACH_DOWNLOAD_PATH}?id=${attachId}`
    : `${FILE_LINK_PREFIX}/${object.name}`;

export interface Upload {
  originalName: string;
  ext: string;
  content: Buffer;
}

/**
 * The one uploaded file (part `file`) of a request to a scope that registered `@fastify/multipart`: accepted
 * type, non-empty, content matching its extension. `beforeContent` sees the text fields sent before the file and
 * may refuse the request before any of the file is read.
 */
export async function readUpload(
  scope: FastifyInstance,
  request: FastifyRequest,
  maxBytes: number,
  beforeContent?: (fields: Record<string, string>) => Promise<void>,
): Promise<Upload> {
  // A declared length far beyond the cap is refused before any of the body is read.
  if (Number(request.headers['content-length']) > maxBytes + MULTIPART_OVERHEAD_BYTES)
    throw uploadTooLarge(maxBytes);
  if (!request.isMultipart()) throw new BizError('请选择要上传的文件');
  let part: MultipartFile | undefined;
  let content: Buffer;
  try {
    part = await request.file();
    if (part?.fieldname !== 'file') throw new BizError('请选择要上传的文件');
    if (beforeContent) await beforeContent(textFields(part));
    content = await part.toBuffer();
  } catch (error) {
    if (error instanceof scope.multipartErrors.RequestFileTooLargeError) throw uploadTooLarge(maxBytes);
    throw error;
  }
  const originalName = cleanOriginalName(part.filename);
  const ext = extensionOf(originalName);
  if (!ext) throw new BizError(`不支持的文件类型，仅支持 ${ALLOWED_EXTENSIONS_TEXT}`);
  if (content.length === 0) throw new BizError('上传文件不能为空');
  if (!FILE_KINDS[ext]?.matches(content)) throw new BizError('文件内容与文件类型不符');
  return { originalName, ext, content };
}

/** The text fields of a multipart request that came before its file. */
function textFields(part: MultipartFile): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const one = Array.isArray(value) ? value[0] : value;
    if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
  }
  return fields;
}

export interface StoredAttachment {
  attachId: string;
  link: string;
  object: ObjectName;
}

/**
 * Stores an upload as a private attachment of the caller's tenant: the object, then in one transaction its
 * `cube_attach` row and whatever `alongside` records with it. When the transaction fails the object is removed
 * again, so no file is left that nobody can list.
 */
export async function storeAttachment<T>(
  files: FileService,
  db: Kysely<Database>,
  ctx: RequestContext,
  upload: Upload,
  alongside?: (trx: Transaction<Database>, stored: StoredAttachment) => Promise<T>,
): Promise<StoredAttachment & { result: T | undefined }> {
  const { object, store } = await files.newObject(ctx.tenantId, upload.ext, true);
  await store.put(object.key, upload.content, files.contentTypeOf(object));
  const attachId = newId();
  const stored = { attachId, link: linkOf(object, attachId), object };
  const stamp = now();
  try {
    const result = await db.transaction().execute(async (trx) => {
      await insertAttach(trx, ctx.tenantId, ctx, stamp, attachId, {
        link: stored.link,
        domain: FILE_LINK_PREFIX,
        name: object.name,
        originalName: upload.originalName,
        extension: object.ext,
        contentType: files.contentTypeOf(object),
        attachSize: upload.content.length,
      });
      return alongside ? await alongside(trx, stored) : undefined;
    });
    return { ...stored, result };
  } catch (error) {
    await store.remove(object.key).catch(() => undefined);
    throw error;
  }
}
