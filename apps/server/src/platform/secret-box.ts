import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (storage secret keys, third-party login client secrets) are kept sealed
 * (AES-256-GCM) under a key derived from the server's signing secret, so a copy of the database alone does not
 * give them away. Each use derives its own key (`purpose`), so one kind of sealed value cannot be opened as
 * another. Rotating `CUBE_JWT_SECRET` makes the stored secrets unreadable: the administrators re-enter them
 * (operations.md).
 */
const PREFIX = 'v1:';
const OSS_PURPOSE = { salt: 'cube-oss', info: 'oss secret key' };

export class SecretBox {
  private readonly key: Buffer;

  /** The default purpose is the one object storage has always used (its stored secrets stay readable). */
  constructor(serverSecret: string, purpose: { salt: string; info: string } = OSS_PURPOSE) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, purpose.salt, purpose.info, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The plain secret, or undefined when it was sealed under another server secret or is damaged. */
  open(sealed: string): string | undefined {
    if (!sealed.startsWith(PREFIX)) return undefined;
    try {
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
