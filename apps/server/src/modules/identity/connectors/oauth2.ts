import * as oauth from 'oauth4webapi';
import type {
  ConnectorTools,
  Endpoints,
  Identity,
  OAuthConnector,
  ProviderRow,
  StartedLogin,
} from './oauth-connector.js';
import { endpointsOf, failed, fixedServer, text } from './oauth-connector.js';

/**
 * Plain OAuth 2.0 (RFC 6749 with PKCE) through oauth4webapi: the configured addresses, the code exchange, then
 * the user API read with the access token. Gitee is this flow with its official addresses and the secret in
 * the form body.
 */
export function oauth2Connector(
  options: { official?: Endpoints; secretInBody?: boolean } = {},
): OAuthConnector {
  const clientOf = (row: ProviderRow, tools: ConnectorTools) => {
    const secret = row.clientSecret ? tools.secrets.open(row.clientSecret) : undefined;
    const auth = !secret
      ? oauth.None()
      : options.secretInBody
        ? oauth.ClientSecretPost(secret)
        : oauth.ClientSecretBasic(secret);
    return { client: { client_id: row.clientId } as oauth.Client, auth };
  };
  return {
    pkce: true,
    nonce: false,
    async server(row) {
      return fixedServer(endpointsOf(row, options.official));
    },
    authorizeUrl(row, as, login) {
      return authorizeWithPkce(row, as, login, row.scope || '');
    },
    async identity(row, tools, code, login) {
      const as = await this.server(row, tools);
      const fetcher = tools.fetchFor([row.issuer, as.token_endpoint, as.userinfo_endpoint]);
      const { client, auth } = clientOf(row, tools);
      const tokens = await exchangeCode(as, client, auth, tools, fetcher, code, login, false);
      const answer = await oauth.protectedResourceRequest(
        tokens.access_token,
        'GET',
        new URL(as.userinfo_endpoint ?? ''),
        undefined,
        undefined,
        tools.options(fetcher),
      );
      if (!answer.ok) throw failed();
      const info = (await answer.json()) as Record<string, unknown>;
      // Gitee and most OAuth 2.0 user APIs name the person by a numeric `id`; OpenID-ish ones by `sub`.
      const uuid = text(info.sub) || text(info.id);
      if (!uuid) throw failed();
      return {
        uuid,
        username: text(info.login) || text(info.preferred_username) || text(info.username) || uuid,
        nickname: text(info.name) || text(info.nickname),
        avatar: text(info.avatar_url) || text(info.picture) || text(info.avatar),
        email: text(info.email),
      } satisfies Identity;
    },
  };
}

/** The standard authorize address: client, redirect, state, scope and the S256 code challenge (and nonce). */
export function authorizeWithPkce(
  row: ProviderRow,
  as: oauth.AuthorizationServer,
  login: StartedLogin & { challenge: string },
  scope: string,
): URL {
  const url = new URL(as.authorization_endpoint ?? '');
  url.searchParams.set('client_id', row.clientId);
  url.searchParams.set('redirect_uri', login.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', login.state);
  url.searchParams.set('scope', scope);
  url.searchParams.set('code_challenge', login.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (login.nonce) url.searchParams.set('nonce', login.nonce);
  if (!url.searchParams.get('scope')) url.searchParams.delete('scope');
  return url;
}

/** The code exchange of RFC 6749 with the PKCE verifier (and, for OpenID Connect, the id token and nonce). */
export async function exchangeCode(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  auth: oauth.ClientAuth,
  tools: ConnectorTools,
  fetcher: ReturnType<ConnectorTools['fetchFor']>,
  code: string,
  login: StartedLogin,
  requireIdToken: boolean,
) {
  const params = new URLSearchParams({ code, state: login.state });
  const checked = oauth.validateAuthResponse(as, client, params, login.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    auth,
    checked,
    login.redirectUri,
    login.verifier,
    tools.options(fetcher),
  );
  return oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: login.nonce || oauth.expectNoNonce,
    requireIdToken,
  });
}
