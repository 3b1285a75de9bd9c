import type { DatabaseHandle } from '../../db/connection.js';
import type { RequestContext } from '../../platform/context.js';
import { NotFoundError } from '../../platform/errors.js';
import { tenantData } from '../../platform/tenant-data.js';

/** The default avatar when a user has none (spec §3: "a default image if empty"). */
export const DEFAULT_AVATAR = '/img/default-avatar.svg';

/** The signed-in user's own profile, as `cube-user/info` and `cube-auth/oauth/user-info` answer it. */
export async function loadOwnProfile(handle: DatabaseHandle, ctx: RequestContext) {
  const user = await tenantData(handle.db, ctx)
    .selectFrom('cubeUser')
    .select([
      'id',
      'tenantId',
      'code',
      'userType',
      'account',
      'name',
      'realName',
      'avatar',
      'email',
      'phone',
      'birthday',
      'sex',
      'roleId',
      'deptId',
      'postId',
      'createTime',
      'updateTime',
      'status',
    ])
    .where('id', '=', ctx.userId)
    .executeTakeFirst();
  if (!user) throw new NotFoundError();
  // Contract §1.2: an absent date goes out as "", never null.
  return {
    ...user,
    birthday: user.birthday ?? '',
    avatar: user.avatar || DEFAULT_AVATAR,
    passwordMustChange: ctx.passwordMustChange,
  };
}
