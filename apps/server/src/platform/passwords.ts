import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Password storage: argon2id (OWASP parameters: 19 MiB, 2 passes). The browser sends the md5 hex of what the user
 * typed (the login form sends nothing else), and that md5 hex is what we hash; md5 here is a transport
 * encoding, not storage.
 */
// `algorithm: 2` is Algorithm.Argon2id (a const enum that isolated modules cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashSecret = (secret: string): Promise<string> => hash(secret, OPTIONS);

export async function verifySecret(stored: string, candidate: string): Promise<boolean> {
  try {
    return await verify(stored, candidate);
  } catch {
    return false;
  }
}

/** What the client sends for a plain password: lowercase md5 hex. */
export const md5Hex = (plain: string): string => createHash('md5').update(plain, 'utf8').digest('hex');

export const isMd5Hex = (value: string): boolean => /^[0-9a-f]{32}$/.test(value);

export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * A fixed hash to verify against when the account does not exist, so that an unknown user costs the same time
 * as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = (): Promise<string> => {
  dummyHash ??= hashSecret(md5Hex('cube-portal-timing-equalizer'));
  return dummyHash;
};
