import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { live, liveIn } from './rows.js';

/**
 * API scopes: path patterns (and methods) attached to a menu and granted to roles, enforced by the
 * access hook on every route that declares a menu or button permission.
 *
 * Semantics (decision "Authority: API scopes"): BladeX's API scope restricts — a caller whose roles hold API scopes
 * of a menu may call, among that menu's routes (the routes whose declared permission is the menu's code or one of
 * its buttons' codes), only those a granted scope matches. A caller holding no API scope of the menu is limited by
 * the menu and button codes alone. Several roles: the granted scopes are united, and one role's scopes restrict
 * even if another role holds the menu without any (a grant never widens silently). The platform administrator is
 * never restricted. Patterns are anchored globs on the request path (`*` one segment, `**` any rest), not BladeX's
 * substring test, so `/role/list` cannot be matched by accident from `/role/list-all`.
 */
export interface ApiScopeRule {
  id: string;
  pattern: RegExp;
  /** Upper-case methods; empty admits every method. */
  methods: ReadonlySet<string>;
}

export const API_SCOPE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Compiles a stored pattern; `**` matches any rest of the path, `*` one path segment (or part of one). */
export function compileApiPattern(path: string): RegExp {
  const body = path
    .trim()
    .split(/(\*\*|\*)/)
    .map((part) =>
      part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`);
}

export function parseApiMethods(value: string): Set<string> {
  return new Set(
    value
      .split(',')
      .map((m) => m.trim().toUpperCase())
      .filter(Boolean),
  );
}

/** Whether one of `rules` admits the call (`path` without the query string). */
export function apiScopeAllows(rules: readonly ApiScopeRule[], method: string, path: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  for (const rule of rules)
    if ((rule.methods.size === 0 || rule.methods.has(m)) && rule.pattern.test(path)) return true;
  return false;
}

/**
 * The API scopes granted to roles, keyed by every permission code they govern: the code of the menu each scope is
 * attached to and the codes of that menu's buttons. One lookup per request in the access hook.
 */
export async function loadApiScopes(
  db: Kysely<Database>,
  roleIds: readonly string[],
): Promise<ReadonlyMap<string, readonly ApiScopeRule[]>> {
  const byCode = new Map<string, ApiScopeRule[]>();
  if (roleIds.length === 0) return byCode;
  const rows = await db
    .selectFrom('cubeRoleScope as rs')
    .innerJoin('cubeScopeApi as s', 's.id', 'rs.scopeId')
    .innerJoin('cubeMenu as m', 'm.id', 's.menuId')
    .select(['s.id', 's.scopePath', 's.scopeMethod', 's.menuId', 'm.code as menuCode'])
    .distinct()
    .where('rs.scopeCategory', '=', 2)
    .where('rs.roleId', 'in', [...roleIds])
    .$call(liveIn('s'))
    .$call(liveIn('m'))
    .orderBy('s.id')
    .execute();
  if (rows.length === 0) return byCode;
  const menuIds = [...new Set(rows.map((r) => r.menuId))];
  const buttons = await db
    .selectFrom('cubeMenu')
    .select(['code', 'parentId'])
    .where('parentId', 'in', menuIds)
    .where('category', '=', 2)
    .$call(live)
    .execute();
  for (const row of rows) {
    const rule: ApiScopeRule = {
      id: row.id,
      pattern: compileApiPattern(row.scopePath),
      methods: parseApiMethods(row.scopeMethod),
    };
    const codes = [row.menuCode, ...buttons.filter((b) => b.parentId === row.menuId).map((b) => b.code)];
    for (const code of codes) {
      const list = byCode.get(code) ?? [];
      if (!list.some((r) => r.id === rule.id)) list.push(rule);
      byCode.set(code, list);
    }
  }
  return byCode;
}
