import { roleEntity } from '@cube/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { isPlatformAdmin, isTenantAdmin, type RequestContext } from './context.js';
import { DataScopeType } from './data-scope.js';
import { BizError } from './errors.js';
import { type RoleGrants, readRoleGrants } from './sessions.js';

/**
 * No grant change widens the granter's own reach (docs/security.md "Self-widening"). Someone who manages roles or
 * users without being an administrator may change other people's roles and grants within what they hold
 * themselves, but never loosen what binds themselves: neither by changing the grants of a role they hold (role
 * grant), nor by changing which roles they hold (user submit/update, user grant, user import of their own
 * account). The check is one for every path: what the caller's roles reach is read before the change and again
 * after it, inside the same transaction, exactly as the access hook reads it (`readRoleGrants`), and the change
 * is refused — the transaction rolls back — when the caller reaches after it:
 * - a permission code they did not hold, when their roles change (a change to the grants of their roles is held
 *   to the menus they hold, with the folders above them, by the grant route itself), or
 * - a code whose data rules narrowed them (no 全部可见 among them) with no rule left, or with a rule they did not
 *   hold (the rules of a code are a union: one more rule is more rows), or
 * - the same for the API-scope rules of a code.
 * The tenant administrator (whom data rules never narrow and who may hand out every role) and the platform
 * administrator keep their full power: for them nothing is compared.
 */
export const OWN_REACH_MESSAGE = roleEntity.messages.grantWidensOwn;

type Rules = ReadonlyMap<string, ReadonlyArray<{ id: string; type?: number }>>;

/** The first way `after` reaches past `before`, or undefined when it does not (for the log and the tests). */
export function reachWidening(
  before: RoleGrants,
  after: RoleGrants,
  compareCodes = true,
): string | undefined {
  if (compareCodes) for (const code of after.codes) if (!before.codes.has(code)) return `code:${code}`;
  const loosened = (kind: string, was: Rules, now: Rules) => {
    for (const [code, rules] of was) {
      if (rules.length === 0 || !after.codes.has(code)) continue;
      // A 全部可见 rule among them: the code was not narrowed, so nothing about it can widen.
      if (rules.some((r) => r.type === DataScopeType.all)) continue;
      const later = now.get(code) ?? [];
      const held = new Set(rules.map((r) => r.id));
      if (later.length === 0 || later.some((r) => !held.has(r.id))) return `${kind}:${code}`;
    }
    return undefined;
  };
  return (
    loosened('data', before.dataScopes, after.dataScopes) ??
    loosened('api', before.apiScopes, after.apiScopes)
  );
}

/**
 * Runs `change` (inside `trx`, the caller's transaction) and refuses it with {@link OWN_REACH_MESSAGE} when it
 * widens what `ctx` reaches. `rolesAfter` names the caller's roles after the change when the change is to their
 * roles themselves; otherwise they keep the roles they act with and only the grants of those may have changed.
 */
export async function keepOwnReach<T>(
  trx: Kysely<Database>,
  ctx: RequestContext,
  change: () => Promise<T>,
  rolesAfter?: readonly string[],
): Promise<T> {
  if (isPlatformAdmin(ctx) || isTenantAdmin(ctx)) return change();
  const before = await readRoleGrants(trx, ctx.tenantId, ctx.roleIds);
  const result = await change();
  const after = await readRoleGrants(trx, ctx.tenantId, rolesAfter ?? ctx.roleIds);
  if (reachWidening(before, after, rolesAfter !== undefined)) throw new BizError(OWN_REACH_MESSAGE);
  return result;
}
