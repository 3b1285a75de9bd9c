import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, DEMO, dialects, type TestApp } from '../../test/helpers.js';
import { ID } from '../seed/demo-data.js';
import { access, contextOf } from './access.js';
import { type AccessClaims, TokenService } from './tokens.js';

const USER_INFO = '/api/cube-auth/oauth/user-info';
const DOWNLOAD = '/api/test/download';

const claimsOf = (token: string): AccessClaims & Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());

/** The access hook's three hardening points, on every dialect. */
describe.each(dialects)('access hook hardening on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, (app) => {
      // A download route, as an export would declare it: a browser opens it as a link, without headers.
      app.get(DOWNLOAD, { config: { access: access.download(access.authenticated) } }, async (request) => ({
        userId: contextOf(request).userId,
      }));
    });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('a token must match its session row', () => {
    /**
     * Signed with the real key (as a leaked key, or a bug in issuing, would allow), for a live session, but with
     * claims the session does not have.
     */
    const forge = async (changes: Partial<AccessClaims>) => {
      const good = (await t.token(DEMO.tenantUser)).access_token;
      const {
        iss: _i,
        aud: _a,
        exp: _e,
        iat: _t,
        nbf: _n,
        sub: _s,
        jti: _j,
        typ: _y,
        ...claims
      } = claimsOf(good);
      const forged = await new TokenService(t.config.jwtSecret).signAccess(
        { ...(claims as unknown as AccessClaims), ...changes },
        3600,
      );
      return { good, forged };
    };

    it('accepts a token re-signed with the same claims (the control)', async () => {
      const { forged } = await forge({});
      expect((await t.call('GET', USER_INFO, forged)).statusCode).toBe(200);
    });

    it('refuses another tenant', async () => {
      const { forged } = await forge({ tenant_id: '000000', role_name: 'administrator' });
      const res = await t.call('GET', USER_INFO, forged);
      expect(res.statusCode).toBe(401);
      expect(res.body).toMatchObject({ code: 401, success: false });
    });

    it('refuses other roles', async () => {
      const { forged } = await forge({ role_id: ID.roleDemoAdmin, role_name: 'admin' });
      expect((await t.call('GET', USER_INFO, forged)).statusCode).toBe(401);
      const both = await forge({ role_id: `${ID.roleDemoUser},${ID.roleDemoAdmin}` });
      expect((await t.call('GET', USER_INFO, both.forged)).statusCode).toBe(401);
    });

    it('refuses other departments', async () => {
      const { forged } = await forge({ dept_id: '1123598813738675201' });
      expect((await t.call('GET', USER_INFO, forged)).statusCode).toBe(401);
    });

    it('refuses a role alias the roles do not have: the context takes aliases from the roles', async () => {
      // Same role id, an alias claiming more: the token is let in, but as what its roles are.
      const { forged } = await forge({ role_name: 'admin' });
      const res = await t.call('GET', USER_INFO, forged);
      expect(res.statusCode).toBe(200);
      expect(res.body.data.roles).toEqual(['user']);
      expect((await t.call('GET', '/api/cube-system/self-check', forged)).statusCode).toBe(403);
    });
  });

  describe('an access token in the query string', () => {
    it('is refused on a route that does not declare tokenInQuery', async () => {
      const token = (await t.token(DEMO.tenantUser)).access_token;
      const res = await t.app.inject({
        method: 'GET',
        url: `${USER_INFO}?cube-auth=${encodeURIComponent(`bearer ${token}`)}`,
        headers: { authorization: basic() },
      });
      expect(res.statusCode).toBe(401);
    });

    it('is accepted on a download route that declares it, as is the header', async () => {
      const token = (await t.token(DEMO.tenantUser)).access_token;
      const inQuery = await t.app.inject({
        method: 'GET',
        url: `${DOWNLOAD}?cube-auth=${encodeURIComponent(`bearer ${token}`)}`,
      });
      expect(inQuery.statusCode).toBe(200);
      expect(JSON.parse(inQuery.body).userId).toBe(ID.userDemoUser);
      expect((await t.call('GET', DOWNLOAD, token)).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: `${DOWNLOAD}?cube-auth=bearer%20nope` })).statusCode,
      ).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: DOWNLOAD })).statusCode).toBe(401);
    });

    it('is declared only by GET routes that answer a file (exports, templates, downloads)', () => {
      const inQuery = t.routes.filter(
        (r) => r.access && r.access.kind !== 'public' && r.access.tokenInQuery && r.url !== DOWNLOAD,
      );
      expect(inQuery.length).toBeGreaterThan(0);
      for (const route of inQuery) {
        expect(['GET', 'HEAD'], route.url).toContain(route.method);
        expect(route.url, route.url).toMatch(/export|template|download|blob/i);
      }
    });
  });

  describe('administrator-only operations', () => {
    for (const url of ['/api/cube-system/self-check', '/api/cube-auth/oauth/clear-cache']) {
      it(`${url} needs a tenant or platform administrator`, async () => {
        expect((await t.call('GET', url)).statusCode).toBe(401);
        const user = (await t.token(DEMO.tenantUser)).access_token;
        const res = await t.call('GET', url, user);
        expect(res.statusCode).toBe(403);
        expect(res.body).toMatchObject({ code: 403, success: false });
        expect((await t.call('GET', url, (await t.token(DEMO.tenantAdmin)).access_token)).statusCode).toBe(
          200,
        );
        expect((await t.call('GET', url, (await t.token(DEMO.platformAdmin)).access_token)).statusCode).toBe(
          200,
        );
      });
    }
  });

  it('guards the HEAD twin of every GET route like the GET itself', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: USER_INFO })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/cube-system/param/list' })).statusCode).toBe(401);
    const user = (await t.token(DEMO.tenantUser)).access_token;
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/cube-system/param/list',
      headers: { 'cube-auth': `bearer ${user}` },
    });
    expect(head.statusCode).toBe(403);
  });
});
