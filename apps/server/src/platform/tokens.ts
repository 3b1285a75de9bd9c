import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { sha256Hex } from './passwords.js';

const ISSUER = 'cube-portal';
const AUDIENCE = 'cube-portal';
const ALGORITHM = 'HS256';

/** Claims of an access token: what the request context is built from (BladeX names). */
export interface AccessClaims {
  sid: string;
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_id: string;
  role_name: string;
  dept_id: string;
  post_id: string;
  client_id: string;
}

/** Claims every access token carries as strings; a token missing one (or holding another type) is not ours. */
const STRING_CLAIMS = [
  'sid',
  'tenant_id',
  'user_id',
  'account',
  'user_name',
  'nick_name',
  'real_name',
  'role_id',
  'role_name',
  'dept_id',
  'post_id',
  'client_id',
] as const;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): Record<string, unknown> | null {
  if (!BASE64URL.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Tokens verified recently, so that a client's next requests skip the HMAC and the JSON parsing. */
const VERIFIED_CACHE_SIZE = 4096;

export class TokenService {
  private readonly key: Uint8Array;
  private readonly secret: Buffer;
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
    this.secret = Buffer.from(secret, 'utf8');
  }

  signAccess(claims: AccessClaims, lifetimeSeconds: number): Promise<string> {
    return new SignJWT({ ...claims, typ: 'access' })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(claims.user_id)
      .setIssuedAt()
      .setNotBefore('0s')
      .setExpirationTime(`${lifetimeSeconds}s`)
      .setJti(randomBytes(12).toString('base64url'))
      .sign(this.key);
  }

  /**
   * Verifies an access token with the checks of jose's `jwtVerify` (HS256 only, so `alg:none` and algorithm swaps
   * fail; no `crit` or `b64` extensions; issuer, audience, `exp`/`iat`/`sub` present, not expired, not before
   * `nbf`) plus our own: `typ: access` and every claim the request context reads present as a string. Returns
   * null for anything that is not a valid access token of ours.
   *
   * Synchronous, with node:crypto: on every authenticated request this replaces jose's WebCrypto verification,
   * which imports the key and runs the HMAC as an asynchronous job for each call (about a tenth of a request's
   * CPU under load). The signature is compared in constant time, on its canonical base64url text.
   */
  verifyAccess(token: string): AccessClaims | null {
    if (typeof token !== 'string' || token.length > 8192) return null;
    // The same text verified before: only the time can have changed. (Keyed by the whole token, signature
    // included, so only the holder of that very token gets this answer.)
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > Math.floor(Date.now() / 1000)) return known.claims;
      this.verified.delete(token);
      return null;
    }
    const claims = this.verify(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE)
        this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { claims, exp: (claims as unknown as { exp: number }).exp });
    }
    return claims;
  }

  private verify(token: string): AccessClaims | null {
    const firstDot = token.indexOf('.');
    const secondDot = token.indexOf('.', firstDot + 1);
    if (firstDot <= 0 || secondDot <= firstDot + 1 || token.indexOf('.', secondDot + 1) !== -1) return null;
    const signature = token.slice(secondDot + 1);
    if (signature.length !== 43 || !BASE64URL.test(signature)) return null;
    const expected = createHmac('sha256', this.secret).update(token.slice(0, secondDot)).digest('base64url');
    if (!timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;

    const header = decodeJson(token.slice(0, firstDot));
    if (!header || header.alg !== ALGORITHM) return null;
    if (header.typ !== undefined && header.typ !== 'JWT') return null;
    if (header.crit !== undefined || header.b64 !== undefined) return null;

    const payload = decodeJson(token.slice(firstDot + 1, secondDot));
    if (!payload) return null;
    const now = Math.floor(Date.now() / 1000);
    const { iss, aud, exp, iat, nbf, sub } = payload;
    if (iss !== ISSUER) return null;
    if (aud !== AUDIENCE && !(Array.isArray(aud) && aud.includes(AUDIENCE))) return null;
    if (typeof exp !== 'number' || typeof iat !== 'number' || typeof sub !== 'string') return null;
    if (exp <= now) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
    if (payload.typ !== 'access') return null;
    for (const claim of STRING_CLAIMS) if (typeof payload[claim] !== 'string') return null;
    if (!payload.sid || !payload.tenant_id || !payload.user_id) return null;
    return Object.freeze(payload) as unknown as AccessClaims;
  }
}

/**
 * Refresh tokens are opaque random strings; only their sha256 is stored, so a database leak yields none. They are
 * single-use: each refresh issues the next one (rotation).
 */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256Hex(token) };
}
