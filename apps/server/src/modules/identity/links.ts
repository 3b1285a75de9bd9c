import { type IdentityLinks, SocialMessage } from '@cube/contract';
import type { DatabaseHandle } from '../../db/connection.js';
import { withTenantScope } from '../../db/row-scope.js';
import { now } from '../../platform/dates.js';
import { BizError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import {
  deleteIdentity,
  findIdentity,
  identitiesOfUser,
  identityIdsOfUser,
  insertLinkedIdentity,
  linkIdentity,
} from './oauth.queries.js';
import { type Identity, profileOf, type SocialLogin } from './social.js';
import { findLiveUser, passwordOf } from './user.queries.js';

/**
 * The signed-in user's third-party identities (profile page): list, link (after the provider's flow in link
 * mode, see SocialLogin.finish) and unlink.
 *
 * Unlink rule: an identity may be unlinked unless it is the account's last way to sign in — no password set and
 * no other linked identity. Every account made by this portal has a password (the user screen and guest
 * registration both set one), so the rule only bites for accounts imported without one. A phone number does not
 * count as a way in: phone sign-in depends on the tenant's SMS service, which may be switched off.
 */
export class IdentityLinker {
  constructor(
    private readonly deps: { db: DatabaseHandle },
    private readonly social: SocialLogin,
  ) {}

  list(tenantId: string, userId: string): Promise<IdentityLinks> {
    return withTenantScope(tenantId, async () => {
      const { db } = this.deps.db;
      const rows = await identitiesOfUser(db, tenantId, userId);
      return {
        links: rows.map((r) => ({
          id: r.id,
          source: r.source,
          providerName: r.providerName ?? r.source,
          username: r.username,
          nickname: r.nickname,
          avatar: r.avatar,
          linkTime: r.linkTime ?? r.updateTime,
        })),
        providers: await this.social.providers(tenantId),
        hasPassword: await this.hasPassword(tenantId, userId),
      };
    });
  }

  private async hasPassword(tenantId: string, userId: string): Promise<boolean> {
    return !!(await passwordOf(this.deps.db.db, tenantId, userId));
  }

  /**
   * Links `identity` (just vouched for by the provider in link mode) to the user. Refused when the identity
   * belongs to another live account, or the user already has an identity of this source.
   */
  link(tenantId: string, userId: string, source: string, identity: Identity): Promise<void> {
    return withTenantScope(tenantId, () =>
      this.deps.db.db.transaction().execute(async (trx) => {
        const stamp = now();
        const found = await findIdentity(trx, tenantId, source, identity.uuid);
        if (found?.userId && found.userId !== userId) {
          // An identity whose account was deleted is free again; one of a live (or pending) account is not.
          if (await findLiveUser(trx, tenantId, found.userId))
            throw new BizError(SocialMessage.LINKED_ELSEWHERE);
        }
        if (found?.userId === userId) return;
        const mine = await identityIdsOfUser(trx, tenantId, userId, source);
        if (mine.length > 0) throw new BizError(SocialMessage.ALREADY_LINKED);
        const profile = profileOf(identity);
        if (found) {
          await linkIdentity(trx, tenantId, found.id, userId, stamp, profile);
          return;
        }
        await insertLinkedIdentity(trx, {
          id: newId(),
          tenantId,
          userId,
          source,
          uuid: identity.uuid.slice(0, 255),
          ...profile,
          linkTime: stamp,
          createTime: stamp,
          updateTime: stamp,
        });
      }),
    );
  }

  /** Removes one of the user's own identities (see the class comment for when it is refused). */
  unlink(tenantId: string, userId: string, id: string): Promise<void> {
    return withTenantScope(tenantId, () =>
      this.deps.db.db.transaction().execute(async (trx) => {
        const links = await identityIdsOfUser(trx, tenantId, userId);
        if (!links.includes(id)) throw new BizError(SocialMessage.LINK_NOT_FOUND);
        const password = await passwordOf(trx, tenantId, userId);
        if (!password && links.length <= 1) throw new BizError(SocialMessage.LAST_SIGN_IN);
        // The identity is forgotten: signing in with it again is a new visitor (who may register).
        await deleteIdentity(trx, tenantId, userId, id);
      }),
    );
  }
}
