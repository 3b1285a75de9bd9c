import type { DatabaseHandle } from '../../db/connection.js';
import type { SharedStore } from '../../platform/store.js';
import { readParam } from '../system/param/param.queries.js';

/**
 * Failed password checks per tenant + account, in the shared store (memory or Redis). The login and the
 * password change count into the same counter: `account.failCount` failures (default 5) in a row lock the
 * account for LOCKOUT_SECONDS, for both.
 */
export const LOCKOUT_SECONDS = 30 * 60;

export const failureKey = (tenantId: string, account: string) =>
  `login-fail:${tenantId}:${account.toLowerCase()}`;

export class PasswordLockout {
  constructor(
    private readonly db: DatabaseHandle,
    private readonly store: SharedStore,
  ) {}

  private maxFailures(): Promise<number> {
    return readParam(this.db, 'accountFailCount');
  }

  async isLocked(tenantId: string, account: string): Promise<boolean> {
    const failures = Number((await this.store.get(failureKey(tenantId, account))) ?? 0);
    return failures >= (await this.maxFailures());
  }

  /** Counts a failure; true when it locked the account. */
  async recordFailure(tenantId: string, account: string): Promise<boolean> {
    const failures = await this.store.increment(failureKey(tenantId, account), LOCKOUT_SECONDS);
    return failures >= (await this.maxFailures());
  }

  async clear(tenantId: string, account: string): Promise<void> {
    await this.store.delete(failureKey(tenantId, account));
  }
}
