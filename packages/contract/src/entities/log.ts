import { z } from 'zod';
import { defineEntity, type RecordOf } from '../entity.js';

/**
 * The three logs (`/api/cube-log/{usual,api,error}`): written by the server (and, for errors, by
 * the browser's upload), never through `submit`, so their input schemas are empty and they have no add, edit or
 * remove codes. Each is a tenant table: a tenant administrator reads its own tenant's rows; the platform
 * administrator reads its own and, naming one with `tenantId`, any tenant's.
 */

/**
 * Fields every log row carries (BladeX `LogAbstract`), with `strId`, the id once more as a string, which BladeX's
 * log entities add and its consoles open a row's detail by.
 */
const commonShape = {
  id: z.string(),
  strId: z.string(),
  tenantId: z.string(),
  serviceId: z.string(),
  serverHost: z.string(),
  serverIp: z.string(),
  env: z.string(),
  method: z.string(),
  requestUri: z.string(),
  userAgent: z.string(),
  remoteIp: z.string(),
  params: z.string(),
  createBy: z.string(),
  createTime: z.string(),
};

const commonFilters = {
  id: 'id',
  serviceId: 'string',
  serverHost: 'string',
  method: 'string',
  requestUri: 'string',
  remoteIp: 'string',
  createBy: 'string',
  createTime: 'date',
} as const;

const newestFirst = [
  { field: 'createTime', direction: 'desc' },
  { field: 'id', direction: 'desc' },
] as const;

/** Business events (a sign-in, a password change, a tenant created…) written through `deps.audit.usual`. */
export const logUsualEntity = defineEntity({
  name: 'logUsual',
  api: '/api/cube-log/usual',
  scope: 'tenant',
  audit: false,
  record: z.object({
    ...commonShape,
    logLevel: z.string(),
    logId: z.string(),
    title: z.string(),
    logData: z.string(),
    userId: z.string(),
  }),
  input: z.object({}),
  filters: { ...commonFilters, logLevel: 'string', logId: 'string', title: 'string', logData: 'string' },
  defaultOrder: newestFirst,
  permissions: { read: 'log_usual', view: 'log_usual_view' },
  messages: {},
  limits: {},
});

/** One authenticated API call: who, what, how it ended and how long it took. */
export const logApiEntity = defineEntity({
  name: 'logApi',
  api: '/api/cube-log/api',
  scope: 'tenant',
  audit: false,
  record: z.object({
    ...commonShape,
    type: z.string(),
    title: z.string(),
    methodClass: z.string(),
    status: z.number(),
    time: z.number(),
    userId: z.string(),
  }),
  input: z.object({}),
  filters: {
    ...commonFilters,
    title: 'string',
    methodClass: 'string',
    status: 'integer',
    time: 'integer',
  },
  defaultOrder: newestFirst,
  permissions: { read: 'log_api', view: 'log_api_view' },
  messages: {},
  limits: {},
});

/** Server-side unhandled errors (`serviceId` cube-server) and the browser's uploaded errors (cube-web). */
export const logErrorEntity = defineEntity({
  name: 'logError',
  api: '/api/cube-log/error',
  scope: 'tenant',
  audit: false,
  record: z.object({
    ...commonShape,
    stackTrace: z.string(),
    exceptionName: z.string(),
    message: z.string(),
    fileName: z.string(),
    lineNumber: z.number().nullable(),
  }),
  input: z.object({}),
  filters: {
    ...commonFilters,
    serverIp: 'string',
    env: 'string',
    userAgent: 'string',
    exceptionName: 'string',
    message: 'string',
    fileName: 'string',
    lineNumber: 'integer',
  },
  defaultOrder: newestFirst,
  permissions: { read: 'log_error', view: 'log_error_view' },
  messages: {},
  limits: {},
});

export type LogUsual = RecordOf<typeof logUsualEntity>;
export type LogApi = RecordOf<typeof logApiEntity>;
export type LogError = RecordOf<typeof logErrorEntity>;

/** Answers of the chart endpoints (`<prefix>/stats`). */
export const logCountSchema = z.object({ label: z.string(), value: z.number() });
export const logApiStatsSchema = z.object({
  /** Calls per hour over the last 24 hours, oldest first (`MM-dd HH:00`). */
  perHour: z.array(logCountSchema),
  /** Paths with the highest mean duration (ms) over the last 24 hours. */
  slowest: z.array(logCountSchema),
  /** Answers by status class over the last 24 hours (`2xx`, `4xx`, `5xx`). */
  byStatus: z.array(logCountSchema),
});
export const logErrorStatsSchema = z.object({
  /** Errors per day over the last 7 days, oldest first (`MM-dd`). */
  perDay: z.array(logCountSchema),
  /** The most frequent exception names over the last 7 days. */
  byName: z.array(logCountSchema),
});
export const logUsualStatsSchema = z.object({
  perDay: z.array(logCountSchema),
  /** The most frequent events (`logId`) over the last 7 days. */
  byEvent: z.array(logCountSchema),
});
export type LogApiStats = z.infer<typeof logApiStatsSchema>;
export type LogErrorStats = z.infer<typeof logErrorStatsSchema>;
export type LogUsualStats = z.infer<typeof logUsualStatsSchema>;
