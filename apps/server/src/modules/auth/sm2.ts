import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sm2 } from 'sm-crypto';

/** The SM2 key pair with which SpringBlade consoles (Saber and Sword from 4.1) encrypt the login password. */
export interface Sm2Keys {
  /** Uncompressed point in hex (`04…`), as the console's `website.publicKey` takes it. */
  publicKey: string;
  privateKey: string;
}

const FILE = 'sm2-keys.json';

function readKeys(file: string): Sm2Keys | undefined {
  if (!existsSync(file)) return undefined;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Sm2Keys>;
  return stored.publicKey && stored.privateKey
    ? { publicKey: stored.publicKey, privateKey: stored.privateKey }
    : undefined;
}

/**
 * The instance's key pair, generated into `<dataDir>/sm2-keys.json` (mode 0600) beside the other generated
 * secrets the first time it is needed, so the public key a console was built with stays valid across restarts.
 * The file is created exclusively: instances sharing the data directory all end up with the first one's pair.
 */
export function sm2KeysIn(dataDir: string): () => Sm2Keys {
  let getter = KEY_GETTERS.get(dataDir);
  if (!getter) {
    getter = keyGetter(dataDir);
    KEY_GETTERS.set(dataDir, getter);
  }
  return getter;
}

/** One getter per data directory: the token endpoint and the site info read the same pair. */
const KEY_GETTERS = new Map<string, () => Sm2Keys>();

function keyGetter(dataDir: string): () => Sm2Keys {
  let keys: Sm2Keys | undefined;
  return () => {
    if (keys) return keys;
    const file = path.join(dataDir, FILE);
    keys = readKeys(file);
    if (keys) return keys;
    const made = sm2.generateKeyPairHex();
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
      keys = made;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      keys = readKeys(file) ?? made;
    }
    return keys;
  };
}

/** C1 (64 bytes) + C3 (32 bytes) + C2 (at least one byte), in hex, with or without the `04` point prefix. */
const CIPHERTEXT = /^(?:[0-9a-f]{2}){97,}$/i;

/** Whether a login password is SM2 ciphertext rather than a plain password (those are at most 32 characters). */
export function looksLikeSm2(value: string): boolean {
  return CIPHERTEXT.test(value);
}

/**
 * The plain password inside SM2 ciphertext: C1C3C2 (sm-crypto's default) or C1C2C3 (cipher mode 0, which Saber
 * and Sword send), with the `04` prefix of C1 or without it. Undefined when no reading checks out.
 */
export function decryptSm2(ciphertext: string, privateKey: string): string | undefined {
  const hex = ciphertext.toLowerCase();
  const forms = hex.startsWith('04') ? [hex.slice(2), hex] : [hex];
  for (const form of forms) {
    for (const mode of [0, 1] as const) {
      try {
        const plain = sm2.doDecrypt(form, privateKey, mode);
        if (plain) return plain;
      } catch {
        // Not a point on the curve in this reading: try the next.
      }
    }
  }
  return undefined;
}
