import { OAUTH_DINGTALK, OAUTH_GITEE, OAUTH_OIDC, OAUTH_WECHAT } from '@cube/contract';
import { dingtalkConnector } from './dingtalk.js';
import { giteeConnector } from './gitee.js';
import type { OAuthConnector } from './oauth-connector.js';
import { oauth2Connector } from './oauth2.js';
import { oidcConnector } from './oidc.js';
import { wechatConnector } from './wechat.js';

const plainConnector = oauth2Connector();

/** The connector for a `cube_oauth_provider.category`; any other category is plain OAuth 2.0. */
const CONNECTORS: Record<number, OAuthConnector> = {
  [OAUTH_OIDC]: oidcConnector,
  [OAUTH_GITEE]: giteeConnector,
  [OAUTH_DINGTALK]: dingtalkConnector,
  [OAUTH_WECHAT]: wechatConnector,
};

export function oauthConnectorFor(category: number): OAuthConnector {
  return CONNECTORS[category] ?? plainConnector;
}
