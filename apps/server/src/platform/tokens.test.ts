import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AccessClaims, TokenService } from './tokens.js';

const SECRET = 'token-test-secret-0123456789abcdef0123456789abcdef';
const key = new TextEncoder().encode(SECRET);
const claims: AccessClaims = {
  sid: '1',
  tenant_id: '100000',
  user_id: '2',
  account: 'user',
  user_name: 'user',
  nick_name: '用户',
  real_name: '用户',
  role_id: '3',
  role_name: 'user',
  dept_id: '4',
  post_id: '5',
  client_id: 'cube_web',
};
const nowSeconds = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());

/** A token signed by jose with our claims, then `edit`ed (header, payload, signing key). */
function sign(
  options: {
    header?: Record<string, unknown>;
    payload?: Record<string, unknown>;
    omit?: string[];
    secret?: string;
  } = {},
) {
  const payload: Record<string, unknown> = {
    ...claims,
    typ: 'access',
    iss: 'cube-portal',
    aud: 'cube-portal',
    sub: claims.user_id,
    iat: nowSeconds(),
    nbf: nowSeconds(),
    exp: nowSeconds() + 3600,
    ...options.payload,
  };
  for (const k of options.omit ?? []) delete payload[k];
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...options.header } as { alg: string })
    .sign(options.secret ? new TextEncoder().encode(options.secret) : key);
}

/** A token signed with the right key by hand, for headers jose refuses to produce. */
function rawSign(header: Record<string, unknown>, payload: Record<string, unknown>) {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
}

/**
 * Access tokens are verified with node:crypto (no WebCrypto round trip per request) and must stay as strict as
 * jose's `jwtVerify` with our options.
 */
describe('access token verification', () => {
  const tokens = new TokenService(SECRET);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts what signAccess issues, and jose-signed tokens with or without a typ header', async () => {
    const issued = await tokens.signAccess(claims, 3600);
    expect(tokens.verifyAccess(issued)).toMatchObject(claims);
    expect(tokens.verifyAccess(await sign())).toMatchObject(claims);
    const noTyp = await new SignJWT({ ...claims, typ: 'access', exp: nowSeconds() + 60, iat: nowSeconds() })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('cube-portal')
      .setAudience(['other', 'cube-portal'])
      .setSubject('2')
      .sign(key);
    expect(tokens.verifyAccess(noTyp)).toMatchObject(claims);
  });

  it('refuses every kind of bad token', async () => {
    const good = await sign();
    const [h, p, s] = good.split('.') as [string, string, string];
    const bad: Record<string, string> = {
      'another key': await sign({ secret: 'another-secret-0123456789abcdef0123456789' }),
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
      'alg HS512': await new SignJWT({ ...claims, typ: 'access' })
        .setProtectedHeader({ alg: 'HS512' })
        .setIssuer('cube-portal')
        .setAudience('cube-portal')
        .setSubject('2')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key),
      'typ header at+jwt': await sign({ header: { typ: 'at+jwt' } }),
      'crit header': rawSign({ alg: 'HS256', crit: ['exp'] }, claimsOf(good)),
      'b64 header': rawSign({ alg: 'HS256', b64: false, crit: ['b64'] }, claimsOf(good)),
      'alg none with a valid MAC': rawSign({ alg: 'none' }, claimsOf(good)),
      'wrong issuer': await sign({ payload: { iss: 'someone' } }),
      'wrong audience': await sign({ payload: { aud: 'someone' } }),
      expired: await sign({ payload: { exp: nowSeconds() - 1 } }),
      'not yet valid': await sign({ payload: { nbf: nowSeconds() + 120 } }),
      'no exp': await sign({ omit: ['exp'] }),
      'no iat': await sign({ omit: ['iat'] }),
      'no sub': await sign({ omit: ['sub'] }),
      'string exp': await sign({ payload: { exp: String(nowSeconds() + 60) } }),
      'refresh typ': await sign({ payload: { typ: 'refresh' } }),
      'no sid': await sign({ omit: ['sid'] }),
      'numeric tenant': await sign({ payload: { tenant_id: 100000 } }),
      'tampered payload': `${h}.${b64({ ...claims, tenant_id: '000000' })}.${s}`,
      'swapped header': `${b64({ alg: 'HS256', typ: 'JWT', kid: 'x' })}.${p}.${s}`,
      'padded signature': `${good}=`,
      'extra segment': `${good}.x`,
      'no signature': `${h}.${p}`,
      'empty parts': '..',
      garbage: 'garbage',
      empty: '',
    };
    // The hand-signed control passes, so the header alone refuses the crit/b64/none ones.
    expect(tokens.verifyAccess(rawSign({ alg: 'HS256', typ: 'JWT' }, claimsOf(good)))).not.toBeNull();
    for (const [name, token] of Object.entries(bad)) expect(tokens.verifyAccess(token), name).toBeNull();
  });

  it('keeps checking the time for a token it verified before', async () => {
    const token = await sign({ payload: { exp: nowSeconds() + 60 } });
    expect(tokens.verifyAccess(token)).not.toBeNull();
    expect(tokens.verifyAccess(token)).not.toBeNull();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect(tokens.verifyAccess(token)).toBeNull();
  });

  it('returns claims nobody can change for the next request', async () => {
    const token = await sign();
    const first = tokens.verifyAccess(token) as AccessClaims;
    expect(Object.isFrozen(first)).toBe(true);
    expect(tokens.verifyAccess(token)).toBe(first);
  });
});
