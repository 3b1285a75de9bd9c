import { PLATFORM_TENANT_ID, SocialMessage } from '@cube/contract';
import { withTenantScope } from '../../db/row-scope.js';
import type { RequestContext } from '../../platform/context.js';
import { readPage } from '../../platform/crud/paging.js';
import { isPast, now } from '../../platform/dates.js';
import type { AppDeps } from '../../platform/deps.js';
import { BizError, NotFoundError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { hashSecret, isMd5Hex, md5Hex } from '../../platform/passwords.js';
import { createStamp, LIVE_ROW } from '../../platform/rows.js';
import {
  checkNewAccount,
  checkReferences,
  refuseLookalike,
  syncUserDepts,
} from '../identity/account-rules.js';
import {
  findIdentityById,
  identitiesOfUsers,
  linkIdentity,
  unlinkIdentitiesOfUsers,
} from '../identity/oauth.queries.js';
import { type SocialLogin, USER_PENDING } from '../identity/social.js';
import { accountTakenIgnoringCase } from '../identity/user.queries.js';
import {
  activateGuest,
  countPending,
  insertGuestUser,
  PENDING_COLUMNS,
  pendingUsers,
  removeGuests,
  tenantState,
} from './guest.queries.js';

const S = SocialMessage;

/** The registration form of an unlinked identity, as parsed. */
export interface GuestForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  oauthId: string;
}

/**
 * The md5 hex of the password the visitor typed, which the user screen's stored hash is made from (argon2id of it,
 * what every sign-in compares). Our console sends the password as typed (checked 6–32 characters by the user
 * screen's rule); a BladeX client of the md5 dialect sends, as at its login, the md5 hex of what was typed — that is
 * the digest itself and is kept as it is: hashing it once more would store md5(md5(typed)), and the account could
 * never sign in. A typed password of exactly 32 lowercase hex digits reads as such a digest.
 */
export function typedPasswordMd5(sent: string): string {
  return isMd5Hex(sent) ? sent : md5Hex(sent);
}

/**
 * Registers the visitor behind an unlinked identity: the ticket in `oauthId` (from the social grant's guest
 * answer) is used once; the account waits for the tenant administrator (no sign-in before that). A form error
 * (account taken) must not cost the visitor their identity: the ticket then works again.
 */
export async function registerGuest(deps: AppDeps, social: SocialLogin, form: GuestForm): Promise<string> {
  // The user screen's rules, before the ticket is taken: a refused form keeps the ticket as it was.
  const input = { ...form, account: checkNewAccount(form) };
  const ticket = await social.takeTicket(input.oauthId);
  if (!ticket) throw new BizError(S.OAUTH_INVALID);
  try {
    if (ticket.tenantId !== input.tenantId) throw new BizError(S.TENANT_INVALID);
    if (!(await social.registrationOpen(ticket.tenantId))) throw new BizError(S.REGISTER_CLOSED);
    await withTenantScope(ticket.tenantId, () =>
      deps.db.db.transaction().execute(async (trx) => {
        const tenant = await tenantState(trx, ticket.tenantId);
        if (tenant?.status !== 1 || (ticket.tenantId !== PLATFORM_TENANT_ID && isPast(tenant.expireTime)))
          throw new BizError(S.TENANT_INVALID);
        const link = await findIdentityById(trx, ticket.tenantId, ticket.oauthId);
        if (!link || link.userId) throw new BizError(S.OAUTH_INVALID);
        // Case-folded: `Admin` is refused where `admin` exists (NFKC and the ASCII rule above did the rest);
        // then look-alikes of an existing account (`adm1n`, `admln`, `adrnin`), as on the user screen.
        if (await accountTakenIgnoringCase(trx, ticket.tenantId, input.account))
          throw new BizError(S.ACCOUNT_USED);
        await refuseLookalike(trx, ticket.tenantId, input.account);
        const userId = newId();
        const stamp = now();
        await insertGuestUser(trx, ticket.tenantId, {
          id: userId,
          code: '',
          userType: 1,
          account: input.account,
          password: await hashSecret(typedPasswordMd5(input.password)),
          name: input.name || input.account,
          realName: input.name || input.account,
          avatar: link.avatar,
          email: link.email,
          phone: '',
          birthday: null,
          sex: 3,
          roleId: '',
          deptId: '',
          postId: '',
          passwordMustChange: 0,
          ...createStamp(null, stamp),
          // Pending until the tenant administrator approves it: no sign-in before that.
          status: USER_PENDING,
          isDeleted: LIVE_ROW,
        });
        await linkIdentity(trx, ticket.tenantId, link.id, userId, stamp);
      }),
    );
  } catch (error) {
    if (error instanceof BizError && error.message !== S.OAUTH_INVALID)
      await social.restoreTicket(input.oauthId, ticket);
    throw error;
  }
  return ticket.tenantId;
}

/** A page of the tenant's pending registrations, each with the identity it came from. */
export async function guestPage(deps: AppDeps, tenantId: string, page: { current: number; size: number }) {
  const found = await readPage(
    pendingUsers(deps.db.db, tenantId),
    { current: page.current, size: page.size, orders: [{ field: 'cubeUser.id', direction: 'desc' }] },
    (qb) => qb.select([...PENDING_COLUMNS]),
  );
  const ids = found.records.map((r) => (r as { id: string }).id);
  const links = await identitiesOfUsers(deps.db.db, tenantId, ids);
  return {
    ...found,
    records: found.records.map((r) => {
      const row = r as { id: string };
      const link = links.find((l) => l.userId === row.id);
      return { ...row, source: link?.source ?? '', oauthUsername: link?.username ?? '' };
    }),
  };
}

/** Approves a pending registration with the roles and departments the administrator chose. */
export async function approveGuest(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  values: { roleId: string; deptId: string },
): Promise<void> {
  await deps.db.db.transaction().execute(async (trx) => {
    if ((await countPending(trx, ctx.tenantId, [id])) !== 1) throw new NotFoundError();
    await checkReferences(trx, ctx.tenantId, values);
    await activateGuest(trx, ctx, id, values);
    await syncUserDepts(trx, ctx.tenantId, [{ id, deptId: values.deptId }]);
  });
}

/** Rejects pending registrations; their identities become unlinked again (the owner may apply once more). */
export async function rejectGuests(
  deps: AppDeps,
  ctx: RequestContext,
  ids: readonly string[],
): Promise<void> {
  await deps.db.db.transaction().execute(async (trx) => {
    if ((await countPending(trx, ctx.tenantId, ids)) !== ids.length) throw new NotFoundError();
    await removeGuests(trx, ctx, ids);
    await unlinkIdentitiesOfUsers(trx, ctx.tenantId, ids, now());
  });
}
