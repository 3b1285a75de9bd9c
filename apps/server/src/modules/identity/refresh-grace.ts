import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { LoginResult } from '@cube/contract';
import type { SharedStore } from '../../platform/store.js';

/**
 * How long a refresh token, once used, still answers the pair its first use issued. Two tabs of
 * one browser refresh with the same token within moments of each other; without a grace the second use looks
 * like a stolen copy and signs the user out. Ten seconds covers a slow network and a throttled background tab;
 * a copy presented later than that still revokes the whole session. Kept short on purpose: within the window a
 * copy of the old token gets the same pair as its owner (never a new one).
 */
export const REFRESH_GRACE_SECONDS = 10;

/**
 * How long a second use waits for the first one's answer when it arrives while the first is still being
 * issued (the claim is taken before the new pair exists).
 */
const PENDING_WAIT_MS = 2_000;
const PENDING_POLL_MS = 25;

const storeKey = (tokenHash: string) => `refresh-grace:${tokenHash}`;

/**
 * The encryption key is derived from the old refresh token itself, which the server never stores (the database
 * and the store key hold its sha256 only). So what sits in the store (Redis) for those seconds cannot be read by
 * anyone who does not already hold the old token — the one credential that can ask for it anyway.
 */
const keyOf = (refreshToken: string) =>
  createHmac('sha256', refreshToken).update('cube:refresh-grace').digest();

function seal(refreshToken: string, result: LoginResult): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(result), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

function open(refreshToken: string, sealed: string): LoginResult | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !body) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(refreshToken), iv);
    decipher.setAuthTag(tag);
    return JSON.parse(
      Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'),
    ) as LoginResult;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class RefreshGrace {
  constructor(private readonly store: SharedStore) {}

  /** Keeps the answer to a refresh, sealed under the old token, for REFRESH_GRACE_SECONDS. */
  async remember(oldToken: string, oldTokenHash: string, result: LoginResult): Promise<void> {
    await this.store.set(storeKey(oldTokenHash), seal(oldToken, result), REFRESH_GRACE_SECONDS);
  }

  /**
   * The answer the first use of this token got, if it was issued within the window. Call it only for a token
   * used moments ago: its answer may still be on its way, and is waited for up to PENDING_WAIT_MS.
   */
  async recall(oldToken: string, oldTokenHash: string): Promise<LoginResult | null> {
    // Counted in polls rather than against the clock, which tests move by hand.
    const polls = Math.ceil(PENDING_WAIT_MS / PENDING_POLL_MS);
    for (let i = 0; ; i++) {
      const sealed = await this.store.get(storeKey(oldTokenHash));
      if (sealed) return open(oldToken, sealed);
      if (i >= polls) return null;
      await sleep(PENDING_POLL_MS);
    }
  }
}
