import { DEFAULT_PAGE_SIZE, type FilterType, isRealDateTime, MAX_PAGE_SIZE } from '@cube/contract';
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { DialectKind } from '../db/connection.js';
import { BizError } from './errors.js';
import { isId } from './ids.js';

/**
 * Paging (`current`, `size`) and the dynamic filters (`<field>_equal`, `_like`, `_datege`, …), restricted to the
 * fields an entity declares: a filter or
 * sort on anything else is refused with 400 before any SQL is built, and values are always bound parameters.
 */
export type FieldType = FilterType;
export type FieldMap = Readonly<Partial<Record<string, FilterType>>>;

/** Integer columns are 32-bit on both databases; a value outside that range can match nothing. */
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

type Operator =
  | 'equal'
  | 'notequal'
  | 'like'
  | 'likeleft'
  | 'likeright'
  | 'notlike'
  | 'ge'
  | 'le'
  | 'gt'
  | 'lt'
  | 'datege'
  | 'dategt'
  | 'dateequal'
  | 'datelt'
  | 'datele'
  | 'null'
  | 'notnull';

const OPERATORS = new Set<string>([
  'equal',
  'notequal',
  'like',
  'likeleft',
  'likeright',
  'notlike',
  'ge',
  'le',
  'gt',
  'lt',
  'datege',
  'dategt',
  'dateequal',
  'datelt',
  'datele',
  'null',
  'notnull',
  'ignore',
]);

/** Query keys that are never filters. */
const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'cube-auth', 'blade-auth', '_t']);

export interface Filter {
  field: string;
  op: Operator;
  value: string;
}

export interface ListQuery {
  current: number;
  size: number;
  filters: Filter[];
  orders: Array<{ field: string; direction: 'asc' | 'desc' }>;
}

const snakeToCamel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function positiveInt(raw: unknown, fallback: number, max: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new BizError(`请求参数类型错误: ${name}`);
  return Math.min(n, max);
}

/**
 * Checks a filter value by its field's type before it reaches the database: PostgreSQL would otherwise answer a
 * decimal for an integer column, an impossible date or a NUL byte with an error (a 500), and SQLite would compare
 * mismatched types silently.
 */
function checkValue(field: string, type: FieldType, op: Operator, value: string): void {
  if (op === 'null' || op === 'notnull') return;
  if (value.includes('\u0000')) throw new BizError(`请求参数类型错误: ${field}`);
  const isDateOp = op.startsWith('date');
  if (type === 'date' || isDateOp) {
    if (type !== 'date') throw new BizError(`查询条件不合法: ${field}_${op}`);
    if (!isRealDateTime(value)) throw new BizError(`日期格式不正确: ${field}`);
    return;
  }
  if (type !== 'string' && ['like', 'likeleft', 'likeright', 'notlike'].includes(op)) {
    throw new BizError(`查询条件不合法: ${field}_${op}`);
  }
  if (type === 'integer') {
    const n = Number(value);
    if (!/^-?\d{1,10}$/.test(value) || n < INT_MIN || n > INT_MAX)
      throw new BizError(`请求参数类型错误: ${field}`);
  }
  if (type === 'number' && (!/^-?\d{1,15}(\.\d{1,6})?$/.test(value) || !Number.isFinite(Number(value))))
    throw new BizError(`请求参数类型错误: ${field}`);
  if (type === 'id' && !isId(value) && value !== '0') throw new BizError(`请求参数类型错误: ${field}`);
}

/**
 * Parses `current`, `size`, `ascs`, `descs` and `<field>[_<suffix>]` filters. `extra` names query keys a route
 * reads itself (e.g. `parentId`); they are not filters.
 */
export function parseListQuery(
  query: Record<string, unknown>,
  fields: FieldMap,
  extra: readonly string[] = [],
): ListQuery {
  const current = positiveInt(query.current, 1, Number.MAX_SAFE_INTEGER, 'current');
  const size = positiveInt(query.size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, 'size');
  const filters: Filter[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key) || extra.includes(key)) continue;
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value === undefined || value === null || String(value) === '') continue;
    let field = key;
    let op: Operator | 'ignore' = 'like';
    const underscore = key.lastIndexOf('_');
    if (underscore > 0 && OPERATORS.has(key.slice(underscore + 1))) {
      field = key.slice(0, underscore);
      op = key.slice(underscore + 1) as Operator | 'ignore';
    }
    field = snakeToCamel(field);
    const type = fields[field];
    if (!type) throw new BizError(`查询条件不合法: ${key}`);
    if (op === 'ignore') continue;
    if (op === 'like' && type !== 'string' && !key.endsWith('_like')) op = 'equal';
    checkValue(field, type, op, String(value));
    filters.push({ field, op, value: String(value) });
  }
  const orders: ListQuery['orders'] = [];
  for (const [param, direction] of [
    ['ascs', 'asc'],
    ['descs', 'desc'],
  ] as const) {
    const raw = query[param];
    if (raw === undefined || raw === '') continue;
    for (const name of String(raw)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const field = snakeToCamel(name);
      if (!fields[field]) throw new BizError(`排序字段不合法: ${name}`);
      orders.push({ field, direction });
    }
  }
  return { current, size, filters, orders };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function likeExpression(
  dialect: DialectKind,
  column: string,
  pattern: string,
  negate: boolean,
): Expression<SqlBool> {
  const ref = sql.ref(column);
  const op =
    dialect === 'postgres' ? sql.raw(negate ? 'not ilike' : 'ilike') : sql.raw(negate ? 'not like' : 'like');
  return sql<SqlBool>`${ref} ${op} ${pattern} escape '\\'`;
}

/** Adds the parsed filters to a query. `table` qualifies columns when the query joins. */
export function applyFilters<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  filters: Filter[],
  dialect: DialectKind,
  table?: string,
): SelectQueryBuilder<DB, TB, O> {
  let q = qb;
  for (const { field, op, value } of filters) {
    const column = table ? `${table}.${field}` : field;
    const ref = sql.ref(column);
    const date =
      value.length === 10
        ? `${value} ${op === 'datele' || op === 'dategt' ? '23:59:59' : '00:00:00'}`
        : value;
    let condition: Expression<SqlBool>;
    switch (op) {
      case 'equal':
        condition = sql<SqlBool>`${ref} = ${value}`;
        break;
      case 'notequal':
        condition = sql<SqlBool>`${ref} <> ${value}`;
        break;
      case 'like':
        condition = likeExpression(dialect, column, `%${escapeLike(value)}%`, false);
        break;
      case 'notlike':
        condition = likeExpression(dialect, column, `%${escapeLike(value)}%`, true);
        break;
      case 'likeleft':
        condition = likeExpression(dialect, column, `%${escapeLike(value)}`, false);
        break;
      case 'likeright':
        condition = likeExpression(dialect, column, `${escapeLike(value)}%`, false);
        break;
      case 'ge':
        condition = sql<SqlBool>`${ref} >= ${value}`;
        break;
      case 'le':
        condition = sql<SqlBool>`${ref} <= ${value}`;
        break;
      case 'gt':
        condition = sql<SqlBool>`${ref} > ${value}`;
        break;
      case 'lt':
        condition = sql<SqlBool>`${ref} < ${value}`;
        break;
      case 'datege':
        condition = sql<SqlBool>`${ref} >= ${date}`;
        break;
      case 'dategt':
        condition = sql<SqlBool>`${ref} > ${date}`;
        break;
      case 'dateequal':
        condition = sql<SqlBool>`${ref} >= ${`${value.slice(0, 10)} 00:00:00`} and ${ref} <= ${`${value.slice(0, 10)} 23:59:59`}`;
        break;
      case 'datelt':
        condition = sql<SqlBool>`${ref} < ${date}`;
        break;
      case 'datele':
        condition = sql<SqlBool>`${ref} <= ${date}`;
        break;
      case 'null':
        condition = sql<SqlBool>`${ref} is null`;
        break;
      case 'notnull':
        condition = sql<SqlBool>`${ref} is not null`;
        break;
    }
    // biome-ignore lint/suspicious/noExplicitAny: a raw boolean expression is valid in any query's where clause
    q = q.where(condition as any);
  }
  return q;
}
