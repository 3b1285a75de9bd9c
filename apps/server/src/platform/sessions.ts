import type { DatabaseHandle } from '../db/connection.js';
import { now } from './dates.js';

/**
 * Ends sign-in sessions. The session row is the source of truth (decision D1): the access hook reads it on every
 * request, so a revocation here is refused on the very next request.
 */
export class SessionRegistry {
  constructor(private readonly db: DatabaseHandle) {}

  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db.db
      .updateTable('cubeAuthSession')
      .set({ revokedAt: now(), revokeReason: reason })
      .where('id', '=', sessionId)
      .where('revokedAt', 'is', null)
      .execute();
  }

  /** Ends every session of a user but, optionally, one (after a password change, ASVS 7.4.3). */
  async revokeUserSessions(
    tenantId: string,
    userId: string,
    reason: string,
    keepSessionId?: string,
  ): Promise<void> {
    let q = this.db.db
      .updateTable('cubeAuthSession')
      .set({ revokedAt: now(), revokeReason: reason })
      .where('tenantId', '=', tenantId)
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null);
    if (keepSessionId) q = q.where('id', '<>', keepSessionId);
    await q.execute();
  }
}
