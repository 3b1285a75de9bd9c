import type { OAuthConnector } from './oauth-connector.js';
import { endpointsOf, fixedServer, readJson, text } from './oauth-connector.js';

/** The WeChat open platform's website application (网站应用): a QR code page, then the sns API. */
const OFFICIAL = {
  authorize: 'https://open.weixin.qq.com/connect/qrconnect',
  token: 'https://api.weixin.qq.com/sns/oauth2/access_token',
  userinfo: 'https://api.weixin.qq.com/sns/userinfo',
};

/**
 * The WeChat website login knows no PKCE (nor nonce): its code is bound by the state and the browser cookie.
 * sns/oauth2/access_token takes appid, secret and code in the query and answers the openid (and, for an app
 * bound to an open platform account, the unionid) beside the token; sns/userinfo gives the name and picture.
 * WeChat answers errors as `errcode` in a 200 response.
 */
export const wechatConnector: OAuthConnector = {
  pkce: false,
  nonce: false,
  async server(row) {
    return fixedServer(endpointsOf(row, OFFICIAL));
  },
  authorizeUrl(row, as, login) {
    // QR login takes `appid`, not client_id; the fragment is part of WeChat's documented address.
    const url = new URL(as.authorization_endpoint ?? '');
    url.searchParams.set('appid', row.clientId);
    url.searchParams.set('redirect_uri', login.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', row.scope || 'snsapi_login');
    url.searchParams.set('state', login.state);
    url.hash = 'wechat_redirect';
    return url;
  },
  async identity(row, tools, code) {
    const urls = endpointsOf(row, OFFICIAL);
    const fetcher = tools.fetchFor([urls.token, urls.userinfo]);
    const secret = tools.secrets.open(row.clientSecret);
    if (!secret) throw new Error('WeChat app secret unreadable');
    const tokenUrl = new URL(urls.token);
    tokenUrl.searchParams.set('appid', row.clientId);
    tokenUrl.searchParams.set('secret', secret);
    tokenUrl.searchParams.set('code', code);
    tokenUrl.searchParams.set('grant_type', 'authorization_code');
    const tokenAnswer = await fetcher(tokenUrl.href, { headers: { accept: 'application/json' } });
    const token = await readJson(tokenAnswer);
    const accessToken = text(token.access_token);
    const openid = text(token.openid);
    if (!tokenAnswer.ok || token.errcode || !accessToken || !openid)
      throw new Error(`WeChat access_token refused: ${text(token.errcode)} ${text(token.errmsg)}`);
    const userUrl = new URL(urls.userinfo);
    userUrl.searchParams.set('access_token', accessToken);
    userUrl.searchParams.set('openid', openid);
    userUrl.searchParams.set('lang', 'zh_CN');
    const userAnswer = await fetcher(userUrl.href, { headers: { accept: 'application/json' } });
    const info = await readJson(userAnswer);
    if (!userAnswer.ok || info.errcode)
      throw new Error(`WeChat userinfo refused: ${text(info.errcode)} ${text(info.errmsg)}`);
    const uuid = text(info.unionid) || text(token.unionid) || openid;
    return {
      uuid,
      username: text(info.nickname) || openid,
      nickname: text(info.nickname),
      avatar: text(info.headimgurl),
      email: '',
    };
  },
};
