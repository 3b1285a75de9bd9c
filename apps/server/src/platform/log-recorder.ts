import { hostname } from 'node:os';
import { PLATFORM_TENANT_ID } from '@cube/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  onResponseHookHandler,
  RouteOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CompiledQuery } from 'kysely';
import type { DatabaseHandle } from '../db/connection.js';
import { withPlatformScope } from '../db/row-scope.js';
import type { NewRow } from '../db/types.js';
import { formatDateTime } from './dates.js';
import { isUnavailable } from './error-reply.js';
import { AppError } from './errors.js';
import { newId } from './ids.js';
import { REDACTED, scrubSecrets } from './log-secrets.js';
import { isSecretKey, stripServerPaths } from './redact.js';
import { routeSummary } from './route-labels.js';
import { LIVE_ROW } from './rows.js';

/**
 * The log recorder: the usual (business event), API and error logs, written without ever slowing a request.
 *
 * - Recording only appends to an in-memory ring; rows reach the database in batches, off the request path: every
 *   {@link LogRecorderOptions.flushIntervalMs} and as soon as {@link LogRecorderOptions.batchSize} entries wait.
 * - The ring is bounded ({@link LogRecorderOptions.maxBuffered}): when the database cannot keep up, the oldest
 *   entries are dropped and counted (`dropped`), never the request.
 * - `stop()` (the app's `onClose`) flushes what is left, so a graceful shutdown loses nothing.
 * - A batch the database refuses is retried row by row; a row that still fails is counted in `failed` and
 *   dropped, so one bad row cannot wedge the queue. A batch that cannot reach the database (restarting, failing
 *   over) goes back into the ring and is written at a later flush; the ring's bound still holds meanwhile.
 * - Old rows are purged by {@link LogRecorder.purge}, the `log-retention` scheduled job (hourly, once across all
 *   instances: `platform/jobs.ts`, registered in `app.ts`). It deletes by `create_time` in bounded chunks and is
 *   idempotent, so a repeated run deletes nothing more.
 *
 * Modules call {@link LogRecorder.usual} for business events (`deps.audit.usual(request, {...})`); the API log
 * and the server's unhandled errors are recorded by hooks ({@link installLogRecording}).
 */

export interface LogRecorderOptions {
  /** How often waiting entries are written (ms). */
  flushIntervalMs: number;
  /** Entries written per statement; a flush starts early once this many wait. */
  batchSize: number;
  /** Entries kept in memory at most; beyond it the oldest are dropped. */
  maxBuffered: number;
}

export const DEFAULT_LOG_RECORDER_OPTIONS: LogRecorderOptions = {
  flushIntervalMs: 1000,
  batchSize: 200,
  maxBuffered: 10_000,
};

/**
 * The retention setting: days a log row is kept, `0` for ever. It is a system parameter of this key; the recorder
 * does not read it itself but is handed a reader (`RetentionReader`) by whoever builds it.
 */
export const LOG_RETENTION_PARAM = 'log.retentionDays';
export const DEFAULT_RETENTION_DAYS = 30;

/** Answers the current retention in days (`0` keeps rows for ever); asked at every purge. */
export type RetentionReader = () => Promise<number>;
/** Rows one purge statement deletes at most (keeps each statement and its locks short). */
const PURGE_CHUNK = 5000;

const SERVICE_ID = 'cube-server';
const USER_AGENT_MAX = 500;
const PARAMS_MAX = 4000;
const BODY_CAPTURE_MAX = 16 * 1024;
const LOG_TABLES = ['cubeLogUsual', 'cubeLogApi', 'cubeLogError'] as const;
type LogTable = (typeof LOG_TABLES)[number];

/** A business event. `tenantId`/`userId`/`account` default to the request's signed-in caller. */
export interface UsualEvent {
  /** Machine-readable event code, e.g. `auth.login`, `user.password.change`, `tenant.create`. */
  event: string;
  /** What happened, in Chinese, as the log screen shows it (e.g. 登录成功). */
  title: string;
  level?: 'info' | 'warn' | 'error';
  /** Details, stored as JSON with secrets redacted (a list too: the log data a client posts with its sign-out). */
  data?: Record<string, unknown> | readonly unknown[];
  tenantId?: string;
  userId?: string;
  account?: string;
}

/** What the API-log hook captures of a response; turned into a row when written. */
interface ApiHit {
  tenantId: string;
  userId: string;
  account: string;
  method: string;
  url: string;
  route: string;
  status: number;
  ms: number;
  ip: string;
  userAgent: string;
  serverIp: string;
  query: unknown;
  /** The request body's log text, made at capture (bodies are not kept alive in the queue). */
  body: string;
  at: number;
}

type Entry =
  | { table: 'cubeLogApi'; hit: ApiHit }
  | { table: 'cubeLogUsual'; row: NewRow<'cubeLogUsual'> }
  | { table: 'cubeLogError'; row: NewRow<'cubeLogError'> };

/** A fixed-capacity FIFO: pushing into a full ring overwrites (drops) the oldest entry. */
class Ring<T> {
  private readonly items: Array<T | undefined>;
  private head = 0;
  size = 0;

  constructor(readonly capacity: number) {
    this.items = new Array(capacity);
  }

  /** False when the oldest entry had to make room. */
  push(item: T): boolean {
    const full = this.size === this.capacity;
    this.items[(this.head + this.size) % this.capacity] = item;
    if (full) this.head = (this.head + 1) % this.capacity;
    else this.size++;
    return !full;
  }

  take(max: number): T[] {
    const count = Math.min(max, this.size);
    const out: T[] = new Array(count);
    for (let i = 0; i < count; i++) {
      out[i] = this.items[this.head] as T;
      this.items[this.head] = undefined;
      this.head = (this.head + 1) % this.capacity;
    }
    this.size -= count;
    return out;
  }
}

/** A query or body as log text: secret keys keep their name and lose their value; free text is scrubbed. */
export function paramsText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value !== 'object') return scrub(String(value)).slice(0, PARAMS_MAX);
  if (isEmptyObject(value)) return '';
  let text: string;
  try {
    text = JSON.stringify(value, function (this: Record<string, unknown>, key, v) {
      if (key && isSecretKey(key)) return REDACTED;
      // Files, buffers and streams are not parameters (`this[key]` is the value before its own toJSON ran).
      const raw = key ? this[key] : v;
      if (isBinary(raw)) return '[binary]';
      return v;
    });
  } catch {
    return '';
  }
  if (!text || text === '{}') return '';
  return scrub(text).slice(0, PARAMS_MAX);
}

/** Words without which {@link scrubSecrets} finds nothing: most parameters skip its three passes. */
const MAYBE_SECRET = /pass|pwd|token|auth|secret|key|ticket|oauth|code|cookie|sign|bearer|basic|eyJ/i;
const scrub = (text: string): string => (MAYBE_SECRET.test(text) ? scrubSecrets(text) : text);

const isEmptyObject = (value: object): boolean => {
  for (const _ in value) return false;
  return !Array.isArray(value) || value.length === 0;
};

/** Route titles, computed once per method and route. */
const titles = new Map<string, string>();
function titleOf(method: string, route: string): string {
  const key = `${method} ${route}`;
  let title = titles.get(key);
  if (title === undefined) {
    title = routeSummary(method, route);
    if (titles.size < 5000) titles.set(key, title);
  }
  return title;
}

/** `formatDateTime` of a millisecond time, reusing the text while the second is the same. */
let lastSecond = -1;
let lastText = '';
function timeText(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastText = formatDateTime(new Date(ms));
  }
  return lastText;
}

/**
 * Columns of each log table, in the order of the batch insert. The batch is one plain parameterised statement
 * per table and size (cached): building it through the query builder cost more per row than the request did.
 */
const COLUMNS = {
  cubeLogUsual: [
    'id',
    'tenantId',
    'serviceId',
    'serverHost',
    'serverIp',
    'env',
    'method',
    'requestUri',
    'userAgent',
    'remoteIp',
    'methodClass',
    'methodName',
    'params',
    'createBy',
    'logLevel',
    'logId',
    'title',
    'logData',
    'userId',
    'createTime',
    'isDeleted',
  ],
  cubeLogApi: [
    'id',
    'tenantId',
    'serviceId',
    'serverHost',
    'serverIp',
    'env',
    'method',
    'requestUri',
    'userAgent',
    'remoteIp',
    'methodClass',
    'methodName',
    'params',
    'createBy',
    'type',
    'title',
    'status',
    'time',
    'userId',
    'createTime',
    'isDeleted',
  ],
  cubeLogError: [
    'id',
    'tenantId',
    'serviceId',
    'serverHost',
    'serverIp',
    'env',
    'method',
    'requestUri',
    'userAgent',
    'remoteIp',
    'params',
    'stackTrace',
    'exceptionName',
    'message',
    'fileName',
    'lineNumber',
    'createBy',
    'createTime',
    'isDeleted',
  ],
} as const;
const SQL_TABLE = {
  cubeLogUsual: 'cube_log_usual',
  cubeLogApi: 'cube_log_api',
  cubeLogError: 'cube_log_error',
};
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Buffers, typed arrays, streams and multipart files. */
const isBinary = (value: unknown): boolean =>
  !!value &&
  typeof value === 'object' &&
  (ArrayBuffer.isView(value) ||
    value instanceof ArrayBuffer ||
    typeof (value as { pipe?: unknown }).pipe === 'function' ||
    typeof (value as { toBuffer?: unknown }).toBuffer === 'function');

const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/** `at f (/app/dist/x.js:12:3)` → file and line of the first frame that is not inside node itself. */
function firstServerFrame(stack: string): { fileName: string; lineNumber: number } | undefined {
  for (const line of stack.split('\n')) {
    const match = /\(?((?:file:\/\/)?\/[^\s()]+?):(\d+):\d+\)?\s*$/.exec(line);
    if (match?.[1] && match[2] && !match[1].startsWith('node:')) {
      return { fileName: match[1], lineNumber: Number(match[2]) };
    }
  }
  return undefined;
}

/** An error the app answers 5xx for: not a business refusal, not bad input, not a client status. */
export function isServerError(error: unknown): boolean {
  if (error instanceof AppError) return error.statusCode >= 500;
  if (hasZodFastifySchemaValidationErrors(error)) return false;
  const status = (error as { statusCode?: number } | null)?.statusCode;
  return status === undefined || status >= 500;
}

export class LogRecorder {
  private options: LogRecorderOptions;
  private ring: Ring<Entry>;
  private flushing: Promise<void> | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  /** After a flush found the database unreachable: no early flush before this time. */
  private pausedUntil = 0;
  private soon = false;
  private readonly host = hostname();
  /** Entries dropped because the buffer was full (since start). */
  dropped = 0;
  /** Rows the database refused even one by one (since start). */
  failed = 0;
  /** Rows written (since start). */
  written = 0;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly env: string,
    private readonly readRetention: RetentionReader,
    options: Partial<LogRecorderOptions> = {},
  ) {
    this.options = { ...DEFAULT_LOG_RECORDER_OPTIONS, ...options };
    this.ring = new Ring(this.options.maxBuffered);
  }

  /** Changes the options (tests); the buffer is kept when its size does not change. */
  configure(options: Partial<LogRecorderOptions>): void {
    const running = this.flushTimer !== undefined;
    if (running) this.stopTimers();
    this.options = { ...this.options, ...options };
    if (options.maxBuffered !== undefined && options.maxBuffered !== this.ring.capacity) {
      const waiting = this.ring.take(this.ring.size);
      this.ring = new Ring(this.options.maxBuffered);
      for (const entry of waiting) this.enqueue(entry);
    }
    if (running) this.start();
  }

  /** Entries waiting to be written. */
  get pending(): number {
    return this.ring.size;
  }

  start(): void {
    if (this.flushTimer) return;
    this.flushTimer = setInterval(() => {
      if (this.ring.size > 0) void this.flush();
    }, this.options.flushIntervalMs);
    this.flushTimer.unref();
  }

  private stopTimers(): void {
    clearInterval(this.flushTimer);
    this.flushTimer = undefined;
  }

  /** Stops the timers and writes everything still waiting (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopTimers();
    await this.flush();
    // Entries still waiting here could not reach the database: they are lost with the process.
    const unwritten = this.ring.size;
    if (this.dropped || this.failed || unwritten)
      this.log.warn(
        { event: 'log_recorder_loss', dropped: this.dropped, failed: this.failed, unwritten },
        'log entries lost',
      );
  }

  /** Records a business event of `from`'s caller (or of the tenant and user the event names). */
  usual(from: FastifyRequest | null, event: UsualEvent): void {
    const ctx = from?.ctx;
    this.enqueue({
      table: 'cubeLogUsual',
      row: {
        id: newId(),
        tenantId: event.tenantId ?? ctx?.tenantId ?? PLATFORM_TENANT_ID,
        serviceId: SERVICE_ID,
        serverHost: this.host,
        serverIp: from?.socket?.localAddress ?? '',
        env: this.env,
        method: from?.method ?? '',
        requestUri: from ? pathOf(from.url) : '',
        userAgent: String(from?.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
        remoteIp: from?.ip ?? '',
        methodClass: from?.routeOptions?.url ?? '',
        methodName: '',
        params: from ? paramsText(from.query) : '',
        createBy: event.account ?? ctx?.account ?? '',
        logLevel: event.level ?? 'info',
        logId: event.event,
        title: event.title,
        logData: event.data ? paramsText(event.data) : '',
        // Blank means nobody (a public form): the column is a bigint.
        userId: event.userId || ctx?.userId || null,
        createTime: formatDateTime(),
      },
    });
  }

  /** Records one API call (called by the response hook; see {@link installLogRecording}). */
  api(request: FastifyRequest, status: number, ms: number): void {
    const ctx = request.ctx;
    if (!ctx) return;
    const body = request.body;
    let bodyText = '';
    if (request.routeOptions.config?.logBody === false) {
      bodyText = '[omitted]';
    } else if (body !== undefined && body !== null) {
      const length = Number(request.headers['content-length'] ?? 0);
      bodyText = length > BODY_CAPTURE_MAX ? `[${length} bytes]` : paramsText(body);
    }
    this.enqueue({
      table: 'cubeLogApi',
      hit: {
        tenantId: ctx.tenantId,
        userId: ctx.userId,
        account: ctx.account,
        method: request.method,
        url: request.url,
        route: request.routeOptions.url ?? '',
        status,
        ms,
        ip: request.ip,
        userAgent: (request.headers['user-agent'] as string | undefined) ?? '',
        serverIp: request.socket.localAddress ?? '',
        query: request.query,
        body: bodyText,
        at: Date.now(),
      },
    });
  }

  /** Records an error the server answered 500 for. */
  error(request: FastifyRequest, error: unknown): void {
    const err = error instanceof Error ? error : new Error(String(error));
    const stack = err.stack ?? '';
    const frame = firstServerFrame(stack);
    const ctx = request.ctx;
    this.enqueue({
      table: 'cubeLogError',
      row: {
        id: newId(),
        tenantId: ctx?.tenantId ?? PLATFORM_TENANT_ID,
        serviceId: SERVICE_ID,
        serverHost: this.host,
        serverIp: request.socket?.localAddress ?? '',
        env: this.env,
        method: request.method,
        requestUri: pathOf(request.url),
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
        remoteIp: request.ip,
        params: paramsText(request.query),
        stackTrace: stripServerPaths(scrubSecrets(stack)).slice(0, 8000),
        exceptionName: (err.name || err.constructor?.name || 'Error').slice(0, 255),
        message: stripServerPaths(scrubSecrets(err.message ?? '')).slice(0, 2000),
        fileName: stripServerPaths(frame?.fileName ?? '').slice(0, 500),
        lineNumber: frame?.lineNumber ?? null,
        createBy: ctx?.account ?? '',
        createTime: formatDateTime(),
      },
    });
  }

  private enqueue(entry: Entry): void {
    if (!this.ring.push(entry)) this.dropped++;
    if (
      this.ring.size >= this.options.batchSize &&
      !this.soon &&
      !this.flushing &&
      Date.now() >= this.pausedUntil
    ) {
      this.soon = true;
      setImmediate(() => {
        this.soon = false;
        void this.flush();
      });
    }
  }

  /** Writes every waiting entry; concurrent callers share the running flush and then write what is left. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.ring.size === 0) return;
    this.flushing = this.writeAll().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  private async writeAll(): Promise<void> {
    while (this.ring.size > 0) {
      const batch = this.ring.take(this.options.batchSize);
      const byTable = new Map<LogTable, Entry[]>();
      for (const entry of batch) {
        const entries = byTable.get(entry.table);
        if (entries) entries.push(entry);
        else byTable.set(entry.table, [entry]);
      }
      const tables = [...byTable];
      for (let i = 0; i < tables.length; i++) {
        const [table, entries] = tables[i] as [LogTable, Entry[]];
        const rows = entries.map((e) => (e.table === 'cubeLogApi' ? this.apiRow(e.hit) : e.row));
        if (!(await this.insert(table, rows))) {
          // The database is unreachable: what this batch has not written waits for the next timed flush, and a full
          // buffer does not start early flushes meanwhile.
          this.pausedUntil = Date.now() + this.options.flushIntervalMs;
          for (const [, waiting] of tables.slice(i))
            for (const e of waiting) if (!this.ring.push(e)) this.dropped++;
          return;
        }
      }
    }
  }

  private apiRow(hit: ApiHit): NewRow<'cubeLogApi'> & { isDeleted: number } {
    const query = paramsText(hit.query);
    const params = hit.body ? (query ? `${query} ${hit.body}` : hit.body) : query;
    return {
      id: newId(),
      tenantId: hit.tenantId,
      serviceId: SERVICE_ID,
      serverHost: this.host,
      serverIp: hit.serverIp,
      env: this.env,
      method: hit.method,
      requestUri: pathOf(hit.url),
      userAgent: hit.userAgent.slice(0, USER_AGENT_MAX),
      remoteIp: hit.ip,
      methodClass: hit.route,
      methodName: '',
      params: params.slice(0, PARAMS_MAX),
      createBy: hit.account,
      type: '1',
      title: titleOf(hit.method, hit.route || pathOf(hit.url)),
      status: hit.status,
      time: Math.round(hit.ms),
      userId: hit.userId || null,
      createTime: timeText(hit.at),
      isDeleted: LIVE_ROW,
    };
  }

  /** Rows of several tenants at once: written in the platform row scope (PostgreSQL RLS). */
  private readonly statements = new Map<string, string>();

  /** `insert into <table> (<columns>) values (?, …), …` for `count` rows, in the database's placeholder style. */
  private statement(table: LogTable, count: number): string {
    const key = `${table}:${count}`;
    let text = this.statements.get(key);
    if (text) return text;
    const columns = COLUMNS[table];
    const postgres = this.handle.kind === 'postgres';
    let n = 0;
    const tuples: string[] = [];
    for (let r = 0; r < count; r++)
      tuples.push(`(${columns.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`);
    text = `insert into ${SQL_TABLE[table]} (${columns.map(snake).join(', ')}) values ${tuples.join(', ')}`;
    if (this.statements.size < 64) this.statements.set(key, text);
    return text;
  }

  private async insertRows(table: LogTable, rows: Array<Record<string, unknown>>): Promise<void> {
    const columns = COLUMNS[table];
    const parameters: unknown[] = [];
    for (const row of rows)
      for (const column of columns) {
        const value = row[column];
        parameters.push(value === undefined ? (column === 'isDeleted' ? LIVE_ROW : null) : value);
      }
    await withPlatformScope(() =>
      this.handle.db.executeQuery(CompiledQuery.raw(this.statement(table, rows.length), parameters)),
    );
  }

  /** False when the database could not be reached (the rows are not written and not counted as failed). */
  private async insert(table: LogTable, rows: Array<Record<string, unknown>>): Promise<boolean> {
    try {
      await this.insertRows(table, rows);
      this.written += rows.length;
      return true;
    } catch (error) {
      if (isUnavailable(error)) return false;
      this.log.warn({ err: error, table, rows: rows.length }, 'log batch refused; writing rows one by one');
    }
    for (const row of rows) {
      try {
        await this.insertRows(table, [row]);
        this.written++;
      } catch {
        this.failed++;
      }
    }
    return true;
  }

  /** Days rows are kept, from the injected reader (`log.retentionDays`; 0 keeps them for ever). */
  retentionDays(): Promise<number> {
    return this.readRetention();
  }

  /**
   * Deletes log rows older than the retention, in chunks of {@link PURGE_CHUNK} (each statement uses the
   * `create_time` index). Idempotent; returns the rows deleted per table.
   */
  async purge(at: Date = new Date()): Promise<Record<LogTable, number>> {
    const deleted: Record<LogTable, number> = { cubeLogUsual: 0, cubeLogApi: 0, cubeLogError: 0 };
    const days = await this.retentionDays();
    if (days === 0) return deleted;
    const cutoff = formatDateTime(new Date(at.getTime() - days * 24 * 60 * 60 * 1000));
    const db = this.handle.db;
    // Every tenant's old rows: the platform row scope, named here for the purge job.
    await withPlatformScope(async () => {
      for (const table of LOG_TABLES) {
        for (;;) {
          const result = await db
            .deleteFrom(table)
            .where('id', 'in', (qb) =>
              qb.selectFrom(table).select('id').where('createTime', '<', cutoff).limit(PURGE_CHUNK),
            )
            .executeTakeFirst();
          const count = Number(result.numDeletedRows);
          deleted[table] += count;
          if (count < PURGE_CHUNK) break;
        }
      }
    });
    if (deleted.cubeLogApi + deleted.cubeLogError + deleted.cubeLogUsual > 0)
      this.log.info({ event: 'log_purge', cutoff, ...deleted }, 'old log rows purged');
    return deleted;
  }
}

/**
 * Which calls the API log records: every authenticated `/api` call (the access hook set `request.ctx`) that
 * changes something (any method but GET/HEAD) or failed (status 400 and up: refusals, denials, errors). Successful
 * reads are not recorded: they are most of the traffic, tell an audit little, and writing a row for each cost the
 * read-heavy request pipeline a measurable share of its throughput (the bench's list pair). Reads of the log
 * screens are never recorded. Public calls (sign-in, captcha, site info, health) are not API-logged; sign-ins are
 * usual-log events.
 */
export function isApiLogged(request: FastifyRequest, status: number): boolean {
  if (!request.ctx) return false;
  const read = request.method === 'GET' || request.method === 'HEAD';
  if (read && request.url.startsWith('/api/cube-log/')) return false;
  return !read || status >= 400;
}

/**
 * The response hook of the API log and the error hook of server errors, both only appending to the buffer. The
 * response hook is attached to the routes that authenticate (those that do not declare public access), the only
 * ones whose requests can carry a context: public routes and unmatched paths, the cheapest and most frequent
 * answers (liveness, the site, static files), run no hook for it. Call before any route is registered.
 */
export function installLogRecording(app: FastifyInstance, recorder: LogRecorder): void {
  const recordApiCall: onResponseHookHandler = (request, reply, done) => {
    if (isApiLogged(request, reply.statusCode)) recorder.api(request, reply.statusCode, reply.elapsedTime);
    done();
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const declared = route.config?.access;
    if (!declared || declared.kind === 'public') return;
    const own = route.onResponse;
    route.onResponse = own ? [...(Array.isArray(own) ? own : [own]), recordApiCall] : [recordApiCall];
  });
  app.addHook('onError', (request, _reply, error, done) => {
    if (isServerError(error)) recorder.error(request, error);
    done();
  });
}
