import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * GET downloads (the console's `export-blob` calls): exports and attachments are opened by the browser as plain
 * links or fetched as blobs, so the answer carries everything a browser needs to save it under the right name.
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `Content-Disposition` with a Chinese file name: an ASCII fallback in `filename` for old clients and the real
 * name in RFC 5987 `filename*` (UTF-8, percent-encoded), which every current browser prefers.
 */
export function contentDisposition(fileName: string, inline = false): string {
  const clean = [...fileName].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 ? clean.slice(dot).replace(/[^.\w]/g, '') : '';
  const asciiBase = (dot > 0 ? clean.slice(0, dot) : clean).replace(/[^\w.-]/g, '_').replace(/_+/g, '_');
  const fallback = `${asciiBase || 'download'}${ext}`;
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface BlobAnswer {
  body: Buffer | Readable;
  fileName: string;
  contentType: string;
  /** Required for a stream; taken from the buffer otherwise. */
  size?: number;
  inline?: boolean;
  /** Exports are made per request and must not be cached; stored files may be. */
  cache?: string;
}

/** Sends a buffer or stream as a download: type, length, name, no sniffing, no scripts. */
export function sendBlob(reply: FastifyReply, answer: BlobAnswer): FastifyReply {
  const size = Buffer.isBuffer(answer.body) ? answer.body.length : answer.size;
  reply
    .header('content-type', answer.contentType)
    .header('content-disposition', contentDisposition(answer.fileName, answer.inline))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('cache-control', answer.cache ?? 'no-store');
  if (size !== undefined) reply.header('content-length', size);
  return reply.send(answer.body);
}

/** An xlsx workbook (exceljs `writeBuffer()` output) as a download named `<name>.xlsx`. */
export function sendXlsx(reply: FastifyReply, content: ArrayBuffer | Buffer, fileName: string): FastifyReply {
  const body = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return sendBlob(reply, { body, fileName, contentType: XLSX_CONTENT_TYPE });
}
