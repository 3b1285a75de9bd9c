import { SCREEN_TITLES } from '@cube/contract';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from './context.js';
import type { LogRecorder } from './log-recorder.js';
import { isSecretField, REDACTED } from './log-secrets.js';

/**
 * The operation log: who changed what, when, and each changed field's value before and after. It is written as
 * usual-log rows (通用日志, BladeX's business-event log): `logId` is `op.<module>.<action>` (so the screen filters
 * by module and action with `logId_like`), `title` says it in Chinese (修改专利案件), `createBy` is the operator
 * and `logData` the JSON {@link OperationData}. Rows land after the change commits, never for a refused one.
 *
 * The CRUD kit records every entity's create, update and remove (`crud/submit.ts`, `crud/remove.ts`); modules
 * call {@link recordOperation} for the changes that are not a kit save (grants, imports, deploys, a user's save).
 */
export const OPERATION_EVENT_PREFIX = 'op.';

/** The actions and how the title says them. */
export const OPERATION_ACTIONS = {
  create: '新增',
  update: '修改',
  remove: '删除',
  publish: '发布',
  grant: '权限设置',
  import: '导入',
  deploy: '部署',
  role_change: '变更角色',
} as const;

export type OperationAction = keyof typeof OPERATION_ACTIONS;

/** One field's value before and after (null where the row did not exist). */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

/** What `logData` holds. */
export interface OperationData {
  module: string;
  action: OperationAction;
  /** The rows the operation touched. */
  ids: string[];
  changes: Record<string, FieldChange>;
  /** Anything else worth keeping (counts, a version number). */
  detail?: Record<string, unknown>;
}

export interface Operation {
  /** The screen's menu code (`patent_application`, `role`, `user`…): what "module" means on the log screen. */
  module: string;
  action: OperationAction;
  ids: ReadonlyArray<string | number>;
  /** The row before (update, remove) and after (create, update); only changed fields are kept. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  detail?: Record<string, unknown>;
  /** Overrides the subject of the title (default: the screen's title for `module`). */
  subject?: string;
  /** The operator when no request is at hand (a service called with the caller's context). */
  by?: RequestContext;
}

/** Columns the server stamps on every write: noise in a diff. */
const STAMPS = new Set([
  'id',
  'tenantId',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'isDeleted',
]);

/** A value kept in the log: secrets masked, long text cut (the whole row must fit the log column). */
const VALUE_MAX = 200;

function shown(field: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (isSecretField(field)) return value === '' ? '' : REDACTED;
  if (typeof value === 'string' && value.length > VALUE_MAX) return `${value.slice(0, VALUE_MAX)}…`;
  return value;
}

/** `null`, missing and `''` are the same "no value"; numbers and their text are the same value. */
const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * The fields that differ between the two rows (a field absent from `after` on an update was not sent, so it is
 * not a change), with secrets masked.
 */
export function fieldChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  const fields = after ? Object.keys(after) : Object.keys(before ?? {});
  for (const field of fields) {
    if (STAMPS.has(field)) continue;
    const was = before ? before[field] : null;
    const now = after ? after[field] : null;
    if (before && after && same(was, now)) continue;
    if (!before && (now === null || now === undefined || now === '')) continue;
    if (!after && (was === null || was === undefined || was === '')) continue;
    changes[field] = { before: shown(field, was), after: shown(field, now) };
  }
  return changes;
}

/** Records an operation of `request`'s caller (queued; written off the request path). */
export function recordOperation(audit: LogRecorder, request: FastifyRequest | null, op: Operation): void {
  const subject = op.subject ?? (SCREEN_TITLES as Readonly<Record<string, string>>)[op.module] ?? op.module;
  const data: OperationData = {
    module: op.module,
    action: op.action,
    ids: op.ids.map(String),
    changes: fieldChanges(op.before, op.after),
    ...(op.detail ? { detail: op.detail } : {}),
  };
  audit.usual(request, {
    event: `${OPERATION_EVENT_PREFIX}${op.module}.${op.action}`,
    title: `${OPERATION_ACTIONS[op.action]}${subject}`,
    data: data as unknown as Record<string, unknown>,
    ...(op.by ? { tenantId: op.by.tenantId, userId: op.by.userId, account: op.by.account } : {}),
  });
}
