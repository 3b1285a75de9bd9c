import { type IdentityLinks, SocialMessage } from '@cube/contract';
import type { DatabaseHandle } from '../../db/connection.js';
import { withTenantScope } from '../../db/row-scope.js';
import { now } from '../../platform/dates.js';
import { BizError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { Identity, SocialLogin } from './social.js';

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
      const rows = await db
        .selectFrom('cubeUserOauth')
        .leftJoin('cubeOauthProvider', (join) =>
          join
            .onRef('cubeOauthProvider.tenantId', '=', 'cubeUserOauth.tenantId')
            .onRef('cubeOauthProvider.source', '=', 'cubeUserOauth.source')
            .on('cubeOauthProvider.isDeleted', '=', 0),
        )
        .select([
          'cubeUserOauth.id',
          'cubeUserOauth.source',
          'cubeOauthProvider.name as providerName',
          'cubeUserOauth.username',
          'cubeUserOauth.nickname',
          'cubeUserOauth.avatar',
          'cubeUserOauth.linkTime',
          'cubeUserOauth.updateTime',
        ])
        .where('cubeUserOauth.tenantId', '=', tenantId)
        .where('cubeUserOauth.userId', '=', userId)
        .orderBy('cubeUserOauth.id')
        .execute();
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
    const user = await this.deps.db.db
      .selectFrom('cubeUser')
      .select('password')
      .where('tenantId', '=', tenantId)
      .where('id', '=', userId)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    return !!user?.password;
  }

  /**
   * Links `identity` (just vouched for by the provider in link mode) to the user. Refused when the identity
   * belongs to another live account, or the user already has an identity of this source.
   */
  link(tenantId: string, userId: string, source: string, identity: Identity): Promise<void> {
    return withTenantScope(tenantId, () =>
      this.deps.db.db.transaction().execute(async (trx) => {
        const stamp = now();
        const found = await trx
          .selectFrom('cubeUserOauth')
          .selectAll()
          .where('tenantId', '=', tenantId)
          .where('source', '=', source)
          .where('uuid', '=', identity.uuid)
          .executeTakeFirst();
        if (found?.userId && found.userId !== userId) {
          const owner = await trx
            .selectFrom('cubeUser')
            .select('id')
            .where('tenantId', '=', tenantId)
            .where('id', '=', found.userId)
            .where('isDeleted', '=', 0)
            .executeTakeFirst();
          // An identity whose account was deleted is free again; one of a live (or pending) account is not.
          if (owner) throw new BizError(SocialMessage.LINKED_ELSEWHERE);
        }
        if (found?.userId === userId) return;
        const mine = await trx
          .selectFrom('cubeUserOauth')
          .select('id')
          .where('tenantId', '=', tenantId)
          .where('source', '=', source)
          .where('userId', '=', userId)
          .executeTakeFirst();
        if (mine) throw new BizError(SocialMessage.ALREADY_LINKED);
        const profile = {
          username: identity.username.slice(0, 255),
          nickname: identity.nickname.slice(0, 255),
          avatar: identity.avatar.slice(0, 1000),
          email: identity.email.slice(0, 255),
        };
        if (found) {
          await trx
            .updateTable('cubeUserOauth')
            .set({ ...profile, userId, linkTime: stamp, updateTime: stamp })
            .where('tenantId', '=', tenantId)
            .where('id', '=', found.id)
            .execute();
          return;
        }
        await trx
          .insertInto('cubeUserOauth')
          .values({
            id: newId(),
            tenantId,
            userId,
            source,
            uuid: identity.uuid.slice(0, 255),
            ...profile,
            linkTime: stamp,
            createTime: stamp,
            updateTime: stamp,
          })
          .execute();
      }),
    );
  }

  /** Removes one of the user's own identities (see the class comment for when it is refused). */
  unlink(tenantId: string, userId: string, id: string): Promise<void> {
    return withTenantScope(tenantId, () =>
      this.deps.db.db.transaction().execute(async (trx) => {
        const links = await trx
          .selectFrom('cubeUserOauth')
          .select('id')
          .where('tenantId', '=', tenantId)
          .where('userId', '=', userId)
          .execute();
        if (!links.some((l) => l.id === id)) throw new BizError(SocialMessage.LINK_NOT_FOUND);
        const user = await trx
          .selectFrom('cubeUser')
          .select('password')
          .where('tenantId', '=', tenantId)
          .where('id', '=', userId)
          .where('isDeleted', '=', 0)
          .executeTakeFirst();
        if (!user?.password && links.length <= 1) throw new BizError(SocialMessage.LAST_SIGN_IN);
        // The identity is forgotten: signing in with it again is a new visitor (who may register).
        await trx
          .deleteFrom('cubeUserOauth')
          .where('tenantId', '=', tenantId)
          .where('userId', '=', userId)
          .where('id', '=', id)
          .execute();
      }),
    );
  }
}
