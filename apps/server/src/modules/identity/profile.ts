import type { DatabaseHandle } from '../../db/connection.js';
import type { RequestContext } from '../../platform/context.js';
import { NotFoundError } from '../../platform/errors.js';
import { ownProfileRow } from './user.queries.js';

/**
 * The default avatar when a user has none (a default image stands in for an empty one). A data URI, so that any
 * client renders it — the web app, and consoles served from another origin that know none of its paths.
 */
export const DEFAULT_AVATAR =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA2NCA2NCI+PHRpdGxlPum7mOiupOWktOWDjzwvdGl0bGU+PHJlY3Qgd2lkdGg9IjY0IiBoZWlnaHQ9IjY0IiByeD0iMzIiIGZpbGw9IiNlOGYzZmYiLz48Y2lyY2xlIGN4PSIzMiIgY3k9IjI1IiByPSIxMSIgZmlsbD0iIzQwOWVmZiIvPjxwYXRoIGQ9Ik0xMiA1NGMzLTExIDExLTE3IDIwLTE3czE3IDYgMjAgMTciIGZpbGw9IiM0MDllZmYiLz48L3N2Zz4K';

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
