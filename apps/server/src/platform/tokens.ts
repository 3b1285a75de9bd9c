import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { sha256Hex } from './passwords.js';

const ISSUER = 'cube-portal';
const AUDIENCE = 'cube-portal';
const ALGORITHM = 'HS256';

/** Claims of an access token: what the request context is built from (BladeX names, contract §2.1). */
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

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
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
   * Verifies signature (HS256 only: `alg:none` and algorithm swaps fail), issuer, audience, time and type.
   * Returns null for anything that is not a valid access token of ours.
   */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      if (
        payload.typ !== 'access' ||
        typeof payload.sid !== 'string' ||
        typeof payload.tenant_id !== 'string'
      ) {
        return null;
      }
      return payload as unknown as AccessClaims;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
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
