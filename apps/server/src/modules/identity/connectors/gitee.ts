import { oauth2Connector } from './oauth2.js';

/** Gitee: plain OAuth 2.0 at its official addresses; it reads the client secret from the form body. */
export const giteeConnector = oauth2Connector({
  official: {
    authorize: 'https://gitee.com/oauth/authorize',
    token: 'https://gitee.com/oauth/token',
    userinfo: 'https://gitee.com/api/v5/user',
  },
  secretInBody: true,
});
