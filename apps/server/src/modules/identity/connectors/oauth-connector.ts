import { SocialMessage } from '@cube/contract';
import type * as oauth from 'oauth4webapi';
import type { Row } from '../../../db/types.js';
import type { ServiceFetch } from '../../../platform/outbound.js';
import type { SecretBox } from '../../../platform/secret-box.js';
import { OAuthError } from '../sessions.js';

/** What a provider tells about the person who signed in there. */
export interface Identity {
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
}

export type ProviderRow = Row<'cubeOauthProvider'>;

/** The provider's three addresses. */
export interface Endpoints {
  authorize: string;
  token: string;
  userinfo: string;
}

/** What the sign-in flow lends a connector for its calls to the provider. */
export interface ConnectorTools {
  /** Opens the sealed client secret ('' or undefined when it does not open). */
  secrets: SecretBox;
  /** The guarded fetch limited to the hosts of the given addresses (https, private addresses refused). */
  fetchFor(urls: ReadonlyArray<string | undefined>): ServiceFetch;
  /** oauth4webapi options that send its requests through `fetcher`. */
  options<T extends object>(fetcher: ServiceFetch, extra?: T): T;
}

/** The values a started login keeps under its state, handed back when the browser returns. */
export interface StartedLogin {
  state: string;
  redirectUri: string;
  /** The PKCE verifier ('' for providers without PKCE). */
  verifier: string;
  /** The OpenID Connect nonce ('' for the others). */
  nonce: string;
}

/**
 * One third-party sign-in service (a `cube_oauth_provider.category`): how its authorize address is made and how
 * a returned code becomes an Identity. The flow around it (state, browser binding, links) is SocialLogin's.
 */
export interface OAuthConnector {
  /** Whether the code exchange takes a PKCE verifier (S256). */
  readonly pkce: boolean;
  /** Whether an OpenID Connect nonce goes with the request. */
  readonly nonce: boolean;
  /** The authorization server's addresses (discovered, configured or the official ones). */
  server(row: ProviderRow, tools: ConnectorTools): Promise<oauth.AuthorizationServer>;
  /** The address the browser is sent to; `challenge` is the PKCE code challenge when `pkce`. */
  authorizeUrl(
    row: ProviderRow,
    as: oauth.AuthorizationServer,
    login: StartedLogin & { challenge: string },
  ): URL;
  /** Exchanges the code and reads the person; a provider's refusal is thrown (SocialLogin hides it). */
  identity(row: ProviderRow, tools: ConnectorTools, code: string, login: StartedLogin): Promise<Identity>;
}

/** The visitor's answer when a provider refused (its own words go to the log). */
export const failed = () => new OAuthError(400, 'invalid_grant', SocialMessage.PROVIDER_FAILED);

export const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A provider's JSON answer (WeChat labels it text/plain); anything else is an empty object. */
export async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const value = JSON.parse(await response.text()) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The provider's three addresses: the row's, else the vendor's official ones. */
export function endpointsOf(row: ProviderRow, official?: Endpoints): Endpoints {
  return {
    authorize: row.authorizeUrl || official?.authorize || '',
    token: row.tokenUrl || official?.token || '',
    userinfo: row.userinfoUrl || official?.userinfo || '',
  };
}

/** An authorization server described by fixed addresses (no discovery). */
export function fixedServer(urls: Endpoints): oauth.AuthorizationServer {
  return {
    issuer: new URL(urls.authorize).origin,
    authorization_endpoint: urls.authorize,
    token_endpoint: urls.token,
    userinfo_endpoint: urls.userinfo,
  };
}
