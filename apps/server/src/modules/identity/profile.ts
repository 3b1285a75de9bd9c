import type { DatabaseHandle } from '../../db/connection.js';
import type { RequestContext } from '../../platform/context.js';
import { NotFoundError } from '../../platform/errors.js';
import { ownProfileRow } from './user.queries.js';

/** The default avatar when a user has none (a default image stands in for an empty one). */
export const DEFAULT_AVATAR = '/img/default-avatar.svg';

/** The signed-in user's own profile, as `cube-user/info` and `cube-auth/oauth/user-info` answer it. */
export async function loadOwnProfile(handle: DatabaseHandle, ctx: RequestContext) {
  const user = await ownProfileRow(handle, ctx);
  if (!user) throw new NotFoundError();
  // An absent date goes out as "", never null.
  return {
    ...user,
    birthday: user.birthday ?? '',
    avatar: user.avatar || DEFAULT_AVATAR,
    passwordMustChange: ctx.passwordMustChange,
  };
}
