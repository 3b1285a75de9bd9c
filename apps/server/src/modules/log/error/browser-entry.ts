import { z } from 'zod';
import { DATE_TIME_PATTERN, formatDateTime, parseDateTime } from '../../../platform/dates.js';
import { scrubSecrets } from '../../../platform/log-secrets.js';

/**
 * One entry of the browser's local error log (url, time, type, message, stack,
 * info) and how it becomes a `cube_log_error` row.
 *
 * Free text is cut to a fixed length instead of refused: the user cannot edit what the browser recorded, and a
 * refused upload would leave the entries stuck in the local log. Structure (types, count, time) is validated.
 */
export const MAX_ENTRIES_PER_UPLOAD = 100;

const LIMITS = {
  url: 2000,
  type: 64,
  message: 2000,
  stack: 8000,
  info: 4000,
  fileName: 500,
  exceptionName: 255,
};
const TIME_INVALID = '日志时间格式不正确';

const clippedText = (max: number) =>
  z
    .string({ error: '日志内容格式不正确' })
    .nullish()
    .transform((s) => (s ?? '').slice(0, max));

function toDate(value: string | number): Date | null {
  if (typeof value === 'string' && DATE_TIME_PATTERN.test(value)) {
    const date = parseDateTime(value);
    return formatDateTime(date) === value ? date : null;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `yyyy-MM-dd HH:mm:ss` (what the client stores), ISO 8601 or epoch milliseconds. */
const clientTime = z
  .union([z.string().max(40, TIME_INVALID), z.number()], { error: TIME_INVALID })
  .nullish()
  .refine((v) => v === null || v === undefined || v === '' || toDate(v) !== null, TIME_INVALID)
  .transform((v) => (v === null || v === undefined || v === '' ? null : toDate(v)));

export const browserErrorEntry = z.object({
  url: clippedText(LIMITS.url),
  time: clientTime,
  type: clippedText(LIMITS.type),
  message: clippedText(LIMITS.message),
  stack: clippedText(LIMITS.stack),
  // Framework error hooks hand over a string; anything else is kept as its JSON text.
  info: z
    .unknown()
    .transform((v) =>
      (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v)).slice(
        0,
        LIMITS.info,
      ),
    ),
});
export type BrowserErrorEntry = z.infer<typeof browserErrorEntry>;

export const browserErrorUpload = z
  .array(browserErrorEntry, { error: '日志格式不正确' })
  .min(1, '没有需要上传的日志')
  .max(MAX_ENTRIES_PER_UPLOAD, `单次最多上传${MAX_ENTRIES_PER_UPLOAD}条日志`);

/** `TypeError: …` → `TypeError` (the first line of a V8 stack, or the message itself). */
function errorName(text: string): string | undefined {
  return /^\s*([A-Za-z_$][\w$]*(?:Error|Exception))\b/.exec(text)?.[1];
}

/** Script URL and line of the first stack frame: `at f (url:12:3)`, `at url:12:3` or `f@url:12:3`. */
function firstFrame(stack: string): { fileName: string; lineNumber: number } | undefined {
  for (const line of stack.split('\n')) {
    const match = /(?:\(|@|\bat\s+)((?:https?|file|blob|webpack):[^\s()]+?):(\d+):(\d+)\)?\s*$/.exec(line);
    if (match?.[1] && match[2]) return { fileName: match[1], lineNumber: Number(match[2]) };
  }
  return undefined;
}

export interface ReceivedFrom {
  account: string;
  userAgent: string;
  remoteIp: string;
  serverHost: string;
  serverIp: string;
  env: string;
}

/**
 * The row for one entry. `createTime` is when the error happened in the browser (entries are uploaded in
 * batches, possibly much later), never later than the moment the server received it.
 */
export function toLogErrorRow(entry: BrowserErrorEntry, from: ReceivedFrom, receivedAt: Date) {
  const frame = firstFrame(entry.stack);
  const happenedAt = entry.time && entry.time.getTime() < receivedAt.getTime() ? entry.time : receivedAt;
  return {
    serviceId: 'cube-web',
    serverHost: from.serverHost,
    serverIp: from.serverIp,
    env: from.env,
    method: '',
    requestUri: scrubSecrets(entry.url),
    userAgent: from.userAgent,
    remoteIp: from.remoteIp,
    params: scrubSecrets(entry.info),
    stackTrace: scrubSecrets(entry.stack),
    exceptionName: (errorName(entry.stack) ?? errorName(entry.message) ?? entry.type) || 'error',
    message: scrubSecrets(entry.message),
    fileName: scrubSecrets(frame?.fileName ?? '').slice(0, LIMITS.fileName),
    lineNumber: frame?.lineNumber ?? null,
    createBy: from.account,
    createTime: formatDateTime(happenedAt),
  };
}
