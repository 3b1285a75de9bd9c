import type { OAuthConnector } from './oauth-connector.js';
import { endpointsOf, fixedServer, readJson, text } from './oauth-connector.js';

/** DingTalk's 2.0 login: the browser signs in at login.dingtalk.com, the server calls api.dingtalk.com. */
const OFFICIAL = {
  authorize: 'https://login.dingtalk.com/oauth2/auth',
  token: 'https://api.dingtalk.com/v1.0/oauth2/userAccessToken',
  userinfo: 'https://api.dingtalk.com/v1.0/contact/users/me',
};

/**
 * DingTalk knows no PKCE (nor nonce): its code is bound by the state and the browser cookie. The code
 * (`authCode`) and the app's key and secret go as JSON to userAccessToken; the person comes from
 * contact/users/me with the token in `x-acs-dingtalk-access-token`. The unionId names the person across the
 * organisation's apps (the openId within this app only).
 */
export const dingtalkConnector: OAuthConnector = {
  pkce: false,
  nonce: false,
  async server(row) {
    return fixedServer(endpointsOf(row, OFFICIAL));
  },
  authorizeUrl(row, as, login) {
    const url = new URL(as.authorization_endpoint ?? '');
    url.searchParams.set('client_id', row.clientId);
    url.searchParams.set('redirect_uri', login.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('state', login.state);
    url.searchParams.set('scope', row.scope || 'openid');
    url.searchParams.set('prompt', 'consent');
    return url;
  },
  async identity(row, tools, code) {
    const urls = endpointsOf(row, OFFICIAL);
    const fetcher = tools.fetchFor([urls.token, urls.userinfo]);
    const secret = tools.secrets.open(row.clientSecret);
    if (!secret) throw new Error('DingTalk client secret unreadable');
    const tokenAnswer = await fetcher(urls.token, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        clientId: row.clientId,
        clientSecret: secret,
        code,
        grantType: 'authorization_code',
      }),
    });
    const token = await readJson(tokenAnswer);
    const accessToken = text(token.accessToken);
    if (!tokenAnswer.ok || !accessToken)
      throw new Error(`DingTalk userAccessToken refused: ${text(token.code)} ${text(token.message)}`);
    const userAnswer = await fetcher(urls.userinfo, {
      headers: { 'x-acs-dingtalk-access-token': accessToken, accept: 'application/json' },
    });
    const info = await readJson(userAnswer);
    const uuid = text(info.unionId) || text(info.openId);
    if (!userAnswer.ok || !uuid)
      throw new Error(`DingTalk users/me refused: ${text(info.code)} ${text(info.message)}`);
    return {
      uuid,
      username: text(info.nick) || uuid,
      nickname: text(info.nick),
      avatar: text(info.avatarUrl),
      email: text(info.email),
    };
  },
};
