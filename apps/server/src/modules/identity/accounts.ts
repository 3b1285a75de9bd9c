import { AuthMessage } from '@cube/contract';
import type { DatabaseHandle } from '../../db/connection.js';
import type { RequestContext } from '../../platform/context.js';
import { BizError, NotFoundError } from '../../platform/errors.js';
import { hashSecret, verifySecret } from '../../platform/passwords.js';
import type { SessionRegistry } from '../../platform/sessions.js';
import type { PasswordLockout } from './lockout.js';
import { ownPassword, setOwnPassword } from './user.queries.js';

/** The three values of a password change: md5 hex of what the user typed, as at the login. */
export interface PasswordChangeInput {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/**
 * The signed-in user's password change. The old password is guessed here as at the login: both count into the
 * same per-account failures and share the lock, so a stolen session cannot try passwords without limit.
 * `onWrongPassword` is told of a wrong old password (and whether it locked the account) before the refusal.
 * A changed password ends the account's other sessions; the caller's continues.
 */
export async function changeOwnPassword(
  deps: { db: DatabaseHandle; sessions: SessionRegistry },
  lockout: PasswordLockout,
  ctx: RequestContext,
  input: PasswordChangeInput,
  onWrongPassword: (locked: boolean) => void,
): Promise<void> {
  const { oldPassword, newPassword, newPassword1 } = input;
  if (newPassword !== newPassword1) throw new BizError(AuthMessage.CONFIRM_PASSWORD_WRONG);
  if (await lockout.isLocked(ctx.tenantId, ctx.account)) throw new BizError(AuthMessage.TOO_MANY_FAILURES);
  const stored = await ownPassword(deps.db.db, ctx);
  if (stored === undefined) throw new NotFoundError();
  if (!(await verifySecret(stored, oldPassword))) {
    const locked = await lockout.recordFailure(ctx.tenantId, ctx.account);
    onWrongPassword(locked);
    throw new BizError(locked ? AuthMessage.TOO_MANY_FAILURES : AuthMessage.OLD_PASSWORD_WRONG);
  }
  await lockout.clear(ctx.tenantId, ctx.account);
  if (newPassword === oldPassword) throw new BizError('新密码不能与原密码相同');
  await setOwnPassword(deps.db.db, ctx, await hashSecret(newPassword));
  await deps.sessions.revokeUserSessions(ctx.tenantId, ctx.userId, 'password_changed', ctx.sessionId);
}
