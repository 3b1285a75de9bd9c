import { DATA_SCOPE_OPERATORS, DATA_SCOPE_VARIABLES, dataScopeEntity, type FilterType } from '@cube/contract';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Database, TableName } from '../db/types.js';
import { isTenantAdmin, type RequestContext } from './context.js';
import { isId } from './ids.js';
import { live, liveIn } from './rows.js';

/**
 * Data scopes: row-level rules attached to a menu and granted to roles, applied by the CRUD kit to
 * the reads of the entity whose page that menu is (list, detail, select, tree, lazy-list).
 *
 * Semantics (BladeX, decision "Authority: data scopes"):
 * - The rule of a read is the union (OR) of the rules the caller's roles hold for the entity's menu code. A rule of
 *   type 1 (全部可见) among them lifts every filter.
 * - No rule granted for that menu = every row of the tenant (BladeX: the interceptor finds no rule and leaves the
 *   query alone). Scopes narrow; they never replace the menu grant that admits the route in the first place.
 * - Administrators (platform `administrator`, tenant `admin`) are never filtered, as in BladeX.
 * - A rule is only ever ANDed to the kit's tenant-scoped query (`TenantData`, and PostgreSQL's row policy under it),
 *   so no rule, custom or not, can reach another tenant's rows.
 * - BladeX's type 5 is a raw SQL fragment; here it is a list of structured conditions (column, operator, value or
 *   variable), compiled to Kysely expressions with bound values. A column the entity does not declare among its
 *   filter fields, an unknown operator or variable, or a value of the wrong type makes that condition match
 *   nothing: a broken rule fails closed.
 */
export const DataScopeType = {
  all: 1,
  own: 2,
  ownDept: 3,
  ownDeptAndBelow: 4,
  custom: 5,
} as const;

export const CUSTOM_OPERATORS = DATA_SCOPE_OPERATORS;
export type CustomOperator = (typeof CUSTOM_OPERATORS)[number];

/** Values a custom condition may take from the caller instead of a literal. */
export const SCOPE_VARIABLES = DATA_SCOPE_VARIABLES;
export type ScopeVariable = (typeof SCOPE_VARIABLES)[number];

export interface CustomCondition {
  /** An entity field (camelCase or snake_case) among the entity's declared filter fields. */
  column: string;
  operator: CustomOperator;
  /** A literal (comma list for `in` / `notIn`) or exactly one variable, e.g. `${userId}`. */
  value: string;
}

/** A data-scope rule as the cache keeps it (one granted `cube_scope_data` row). */
export interface DataScopeRule {
  id: string;
  type: number;
  /** Type 5 only; undefined when the stored value does not parse (matches nothing). */
  conditions?: readonly CustomCondition[];
}

/** Which columns of an entity carry the department and the owner of a row (the `dataScope` option of the kit). */
export interface DataScopeColumns {
  /** A column of the row, or a link table listing a row's departments joined on `rowKey = <table>.id`. */
  dept?: string | { table: TableName; rowKey: string; deptColumn: string };
  creator?: string;
  /**
   * A child row (a case's notice, deadline or fee) is in scope when the row it belongs to is: `column` names the
   * parent's id, and the own/department rules are applied to `table` with the parent's `columns` instead.
   */
  parent?: {
    column: string;
    table: TableName;
    columns: Omit<DataScopeColumns, 'parent'>;
    /**
     * The menu code of the parent's own screen: the rules granted there narrow the children too (an agent limited
     * to their own cases reads only those cases' notices, deadlines and fees on every route, whatever the child
     * screen's own rules say).
     */
    menu?: string;
    /** The parent entity's filter fields, the columns a custom rule of `menu` may name. */
    filters?: Readonly<Partial<Record<string, FilterType>>>;
  };
}

const { valueInvalid, columnInvalid, operatorInvalid, variableInvalid, valueRequired } =
  dataScopeEntity.messages;
export const DataScopeMessage = {
  valueInvalid,
  columnInvalid,
  operatorInvalid,
  variableInvalid,
  valueRequired,
};

const COLUMN = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;
const VARIABLE = /^\$\{([a-zA-Z]+)\}$/;
const MAX_CONDITIONS = 20;
const MAX_VALUE = 500;

const snakeToCamel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * Parses and checks a stored or submitted custom rule (`scopeValue` of type 5): a JSON array of
 * `{column, operator, value}`. Answers the conditions or the Chinese message of what is wrong. The column is
 * checked against the entity only when the rule is applied (a rule is attached to a menu, not to a table).
 */
export function parseCustomRule(text: string): CustomCondition[] | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return DataScopeMessage.valueInvalid;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > MAX_CONDITIONS)
    return DataScopeMessage.valueInvalid;
  const conditions: CustomCondition[] = [];
  for (const item of parsed) {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return DataScopeMessage.valueInvalid;
    const { column, operator, value } = item as Record<string, unknown>;
    if (typeof column !== 'string' || !COLUMN.test(column)) return DataScopeMessage.columnInvalid;
    if (typeof operator !== 'string' || !(CUSTOM_OPERATORS as readonly string[]).includes(operator))
      return DataScopeMessage.operatorInvalid;
    const needsValue = operator !== 'isNull' && operator !== 'notNull';
    const raw = value === undefined || value === null ? '' : String(value).trim();
    if (needsValue && raw === '') return DataScopeMessage.valueRequired;
    if (raw.length > MAX_VALUE) return DataScopeMessage.valueInvalid;
    if (raw.includes('${')) {
      const variable = VARIABLE.exec(raw)?.[1];
      if (!variable || !(SCOPE_VARIABLES as readonly string[]).includes(variable))
        return DataScopeMessage.variableInvalid;
    }
    conditions.push({ column: snakeToCamel(column), operator: operator as CustomOperator, value: raw });
  }
  return conditions;
}

/** Turns a granted `cube_scope_data` row into the cached rule. */
export function toDataScopeRule(row: { id: string; scopeType: number; scopeValue: string }): DataScopeRule {
  if (row.scopeType !== DataScopeType.custom) return { id: row.id, type: row.scopeType };
  const parsed = parseCustomRule(row.scopeValue);
  return { id: row.id, type: row.scopeType, conditions: typeof parsed === 'string' ? undefined : parsed };
}

/** Data-scope rules granted to roles, by the code of the menu they are attached to. */
export async function loadDataScopes(
  db: Kysely<Database>,
  roleIds: readonly string[],
): Promise<ReadonlyMap<string, readonly DataScopeRule[]>> {
  const byMenu = new Map<string, DataScopeRule[]>();
  if (roleIds.length === 0) return byMenu;
  const rows = await db
    .selectFrom('cubeRoleScope as rs')
    .innerJoin('cubeScopeData as s', 's.id', 'rs.scopeId')
    .innerJoin('cubeMenu as m', 'm.id', 's.menuId')
    .select(['s.id', 's.scopeType', 's.scopeValue', 'm.code as menuCode'])
    .distinct()
    .where('rs.scopeCategory', '=', 1)
    .where('rs.roleId', 'in', [...roleIds])
    .$call(liveIn('s'))
    .$call(liveIn('m'))
    .orderBy('s.id')
    .execute();
  for (const row of rows) {
    const list = byMenu.get(row.menuCode) ?? [];
    list.push(toDataScopeRule(row));
    byMenu.set(row.menuCode, list);
  }
  return byMenu;
}

/** What the kit knows of the entity it applies a scope to. */
export interface DataScopeTarget {
  table: TableName;
  tenantId: string;
  columns: DataScopeColumns | undefined;
  /** The entity's declared filter fields: the only columns a custom condition may name. */
  filters: Readonly<Partial<Record<string, FilterType>>>;
  /**
   * The caller's departments and every department below them, read beforehand from the master
   * ({@link deptsAndBelow}) for a table that may live in a tenant's own database, whose `cube_dept` is empty: the
   * rule 所在机构及子级可见 then filters by this list instead of joining the departments.
   */
  deptsBelow?: readonly string[];
}

/**
 * The ids of `deptIds` and of every live department below them, of the tenant (`ancestors` is `0,<root>,…,<parent>`:
 * a descendant names the department between commas or last).
 */
export async function deptsAndBelow(
  db: Kysely<Database>,
  tenantId: string,
  deptIds: readonly string[],
): Promise<string[]> {
  const ids = deptIds.filter(isId);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('cubeDept')
    .select('id')
    .where('tenantId', '=', tenantId)
    .$call(live)
    .where((d) =>
      d.or([
        d('id', 'in', ids),
        ...ids.flatMap((id) => [d('ancestors', 'like', `%,${id}`), d('ancestors', 'like', `%,${id},%`)]),
      ]),
    )
    .execute();
  return rows.map((r) => String(r.id));
}

// biome-ignore lint/suspicious/noExplicitAny: the kit is generic over tables (see crud/register.ts AnySelect)
type AnySelect = SelectQueryBuilder<any, any, object>;
// biome-ignore lint/suspicious/noExplicitAny: see AnySelect
type Eb = ExpressionBuilder<any, any>;

/** Whether `rules` narrow what `ctx` reads (not an administrator, no 全部可见 among them). */
export function dataScopeNarrows(ctx: RequestContext, rules: readonly DataScopeRule[] | undefined): boolean {
  return (
    !!rules && rules.length > 0 && !isTenantAdmin(ctx) && !rules.some((r) => r.type === DataScopeType.all)
  );
}

/**
 * Narrows a tenant-scoped read to what `rules` allow (see the module comment). `rules` is what the caller's roles
 * hold for the entity's menu; undefined or empty leaves the query as it is.
 */
export function applyDataScope(
  qb: AnySelect,
  ctx: RequestContext,
  rules: readonly DataScopeRule[] | undefined,
  target: DataScopeTarget,
): AnySelect {
  if (!rules || !dataScopeNarrows(ctx, rules)) return qb;
  return qb.where((eb: Eb) => eb.or(rules.map((rule) => ruleExpression(eb, ctx, rule, target))));
}

/**
 * Narrows a child entity's read (`target.columns.parent`) by the rules of its parent's menu: a child row is read
 * only when its parent row is in those rules. Undefined or empty rules leave the query as it is.
 */
export function applyParentDataScope(
  qb: AnySelect,
  ctx: RequestContext,
  rules: readonly DataScopeRule[] | undefined,
  target: DataScopeTarget,
): AnySelect {
  const parent = target.columns?.parent;
  if (!parent || !rules || !dataScopeNarrows(ctx, rules)) return qb;
  const parentTarget: DataScopeTarget = {
    table: parent.table,
    tenantId: target.tenantId,
    columns: parent.columns,
    filters: parent.filters ?? {},
  };
  return qb.where((eb: Eb) =>
    eb(
      `${target.table}.${parent.column}`,
      'in',
      eb
        .selectFrom(parent.table)
        .select(`${parent.table}.id`)
        .where(`${parent.table}.tenantId`, '=', target.tenantId)
        .$call(liveIn(parent.table))
        .where((inner: Eb) => inner.or(rules.map((rule) => ruleExpression(inner, ctx, rule, parentTarget)))),
    ),
  );
}

const nothing = (_eb: Eb): Expression<SqlBool> => sql<SqlBool>`1 = 0`;

function ruleExpression(
  eb: Eb,
  ctx: RequestContext,
  rule: DataScopeRule,
  target: DataScopeTarget,
): Expression<SqlBool> {
  const { table, columns } = target;
  const parent = columns?.parent;
  if (parent && rule.type !== DataScopeType.custom)
    return eb(
      `${table}.${parent.column}`,
      'in',
      eb
        .selectFrom(parent.table)
        .select(`${parent.table}.id`)
        .where(`${parent.table}.tenantId`, '=', target.tenantId)
        .where((inner: Eb) =>
          ruleExpression(inner, ctx, rule, { ...target, table: parent.table, columns: parent.columns }),
        ),
    );
  switch (rule.type) {
    case DataScopeType.own:
      return columns?.creator ? eb(`${table}.${columns.creator}`, '=', ctx.userId) : nothing(eb);
    case DataScopeType.ownDept:
    case DataScopeType.ownDeptAndBelow: {
      const deptIds = ctx.deptIds.filter(isId);
      if (!columns?.dept || deptIds.length === 0) return nothing(eb);
      if (rule.type === DataScopeType.ownDeptAndBelow && target.deptsBelow?.length === 0) return nothing(eb);
      const allowed =
        rule.type === DataScopeType.ownDept
          ? deptIds
          : target.deptsBelow
            ? [...target.deptsBelow]
            : eb
                .selectFrom('cubeDept as scopeDept')
                .select('scopeDept.id')
                .where('scopeDept.tenantId', '=', target.tenantId)
                .$call(liveIn('scopeDept'))
                .where((d: Eb) =>
                  d.or([
                    d('scopeDept.id', 'in', deptIds),
                    // `ancestors` is `0,<root>,…,<parent>`: a descendant names the department between commas or last.
                    ...deptIds.flatMap((id) => [
                      d('scopeDept.ancestors', 'like', `%,${id}`),
                      d('scopeDept.ancestors', 'like', `%,${id},%`),
                    ]),
                  ]),
                );
      const dept = columns.dept;
      if (typeof dept === 'string') return eb(`${table}.${dept}`, 'in', allowed);
      // Uncorrelated (`id in (…)`), so both databases work the set out once per query instead of probing the link
      // table for every row of a large list (100,000 users: an EXISTS per row cost most of the list's time).
      return eb(
        `${table}.id`,
        'in',
        eb
          .selectFrom(`${dept.table} as scopeLink`)
          .select(`scopeLink.${dept.rowKey}`)
          .where('scopeLink.tenantId', '=', target.tenantId)
          .where(`scopeLink.${dept.deptColumn}`, 'in', allowed),
      );
    }
    case DataScopeType.custom: {
      if (!rule.conditions) return nothing(eb);
      return eb.and(rule.conditions.map((c) => conditionExpression(eb, ctx, c, target)));
    }
    default:
      return nothing(eb);
  }
}

function variableValues(ctx: RequestContext, name: string): string[] | undefined {
  switch (name as ScopeVariable) {
    case 'userId':
      return [ctx.userId];
    case 'deptId':
      return ctx.deptId ? [ctx.deptId] : [];
    case 'deptIds':
      return [...ctx.deptIds];
    case 'roleIds':
      return [...ctx.roleIds];
    case 'postId':
      return ctx.postId ? ctx.postId.split(',').filter(Boolean) : [];
    case 'account':
      return [ctx.account];
    default:
      return undefined;
  }
}

/** The condition's values, typed as its column's filter type; undefined when one does not fit (fails closed). */
function conditionValues(
  ctx: RequestContext,
  condition: CustomCondition,
  type: FilterType,
): Array<string | number> | undefined {
  const variable = VARIABLE.exec(condition.value)?.[1];
  let raw: string[] | undefined;
  if (variable) raw = variableValues(ctx, variable);
  else if (condition.operator === 'in' || condition.operator === 'notIn')
    raw = condition.value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  else raw = [condition.value];
  if (!raw) return undefined;
  const values: Array<string | number> = [];
  for (const v of raw) {
    if (type === 'id') {
      if (!isId(v)) return undefined;
      values.push(v);
    } else if (type === 'integer' || type === 'number') {
      const n = Number(v);
      if (v === '' || !Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n))) return undefined;
      values.push(n);
    } else values.push(v);
  }
  return values;
}

function conditionExpression(
  eb: Eb,
  ctx: RequestContext,
  condition: CustomCondition,
  target: DataScopeTarget,
): Expression<SqlBool> {
  const type = target.filters[condition.column];
  if (!type) return nothing(eb);
  const ref = `${target.table}.${condition.column}`;
  if (condition.operator === 'isNull') return eb(ref, 'is', null);
  if (condition.operator === 'notNull') return eb(ref, 'is not', null);
  const values = conditionValues(ctx, condition, type);
  // An empty list (e.g. `${deptIds}` of a user without departments) matches nothing, even for `notIn`.
  if (!values || values.length === 0) return nothing(eb);
  const [first] = values as [string | number];
  switch (condition.operator) {
    case 'eq':
    case 'in':
      return values.length === 1 ? eb(ref, '=', first) : eb(ref, 'in', values);
    case 'ne':
    case 'notIn':
      return values.length === 1 ? eb(ref, '<>', first) : eb(ref, 'not in', values);
    case 'like':
      return eb(ref, 'like', `%${String(first).replace(/[\\%_]/g, '')}%`);
    case 'gt':
      return eb(ref, '>', first);
    case 'ge':
      return eb(ref, '>=', first);
    case 'lt':
      return eb(ref, '<', first);
    case 'le':
      return eb(ref, '<=', first);
    default:
      return nothing(eb);
  }
}
