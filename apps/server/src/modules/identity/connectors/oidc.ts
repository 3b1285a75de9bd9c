import * as oauth from 'oauth4webapi';
import type { OAuthConnector } from './oauth-connector.js';
import { failed, text } from './oauth-connector.js';
import { authorizeWithPkce, exchangeCode } from './oauth2.js';

/**
 * OpenID Connect: the issuer's discovery document names the addresses; the code exchange checks the id token
 * (and its nonce), and the person comes from the validated `sub` plus the userinfo answer.
 */
export const oidcConnector: OAuthConnector = {
  pkce: true,
  nonce: true,
  async server(row, tools) {
    const issuer = new URL(row.issuer);
    const response = await oauth.discoveryRequest(
      issuer,
      tools.options(tools.fetchFor([row.issuer]), { algorithm: 'oidc' as const }),
    );
    return oauth.processDiscoveryResponse(issuer, response);
  },
  authorizeUrl(row, as, login) {
    return authorizeWithPkce(row, as, login, row.scope || 'openid profile email');
  },
  async identity(row, tools, code, login) {
    const as = await this.server(row, tools);
    const fetcher = tools.fetchFor([row.issuer, as.token_endpoint, as.userinfo_endpoint]);
    const secret = row.clientSecret ? tools.secrets.open(row.clientSecret) : undefined;
    const auth = secret ? oauth.ClientSecretBasic(secret) : oauth.None();
    const client: oauth.Client = { client_id: row.clientId };
    const tokens = await exchangeCode(as, client, auth, tools, fetcher, code, login, true);
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    if (!claims) throw failed();
    const info = await oauth.processUserInfoResponse(
      as,
      client,
      claims.sub,
      await oauth.userInfoRequest(as, client, tokens.access_token, tools.options(fetcher)),
    );
    return {
      uuid: claims.sub,
      username: text(info.preferred_username) || text(info.email) || claims.sub,
      nickname: text(info.name) || text(info.nickname),
      avatar: text(info.picture),
      email: text(info.email),
    };
  },
};
