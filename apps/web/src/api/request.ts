import {
  AUTH_HEADER,
  DEPT_HEADER,
  REQUEST_TIMEOUT_MS,
  ResultCode,
  ROLE_HEADER,
  type RuntimeConfig,
  TOKEN_PREFIX,
} from '@cube/contract';
import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { showErrorMessage } from '../lib/feedback';
import { i18n } from '../lib/i18n';
import { clearAll, getStore } from '../lib/storage';

declare module 'axios' {
  // Type parameters must repeat axios' own declaration for the merge to apply.
  // biome-ignore lint/suspicious/noExplicitAny: mirrors `AxiosRequestConfig<D = any, P = any>`
  interface AxiosRequestConfig<D = any, P = any> {
    /** Send the call without the user's `Cube-Auth` token (public calls, login). */
    skipToken?: boolean;
    /** The caller shows failures itself: no error toast for a code other than 200. */
    handlesErrors?: boolean;
  }
}

/** What the request client needs from the rest of the app; wired once at start-up. */
export interface RequestBindings {
  /** Runtime configuration from the site-info call; `undefined` before boot (no Basic header then). */
  getRuntimeConfig: () => Pick<RuntimeConfig, 'clientId' | 'clientSecret' | 'switchMode'> | undefined;
  getToken: () => string | undefined;
  /** The user's current department and role, sent as `Dept-Id`/`Role-Id` in switch mode. */
  getIdentity: () => { deptId?: string | undefined; roleId?: string | undefined } | undefined;
  /** Local logout and move to the login page after a 401 answer. */
  onUnauthorized: () => void;
  showError: (message: string, key?: string) => void;
  /** Codes that reject silently so that the caller can deal with them. */
  silentCodes: readonly number[];
}

export type RequestFailureKind = 'answer' | 'network';

/** Rejection of every failed call: an answer whose code is not 200, or no usable answer at all. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  /** Body `code`, else the HTTP status; 0 when nothing was received. */
  readonly code: number;
  readonly kind: RequestFailureKind;
  /** The answer body, when there was one. */
  readonly body: unknown;
  /** Rejected without any message to the user (whitelisted code). */
  readonly silent: boolean;

  constructor(
    message: string,
    options: { code: number; kind: RequestFailureKind; body?: unknown; silent?: boolean; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.code = options.code;
    this.kind = options.kind;
    this.body = options.body;
    this.silent = options.silent ?? false;
  }
}

const UNAUTHORIZED_MESSAGE_KEY = 'request-unauthorized';

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The result code: the body `code`, else the HTTP status. */
export function answerCode(response: Pick<AxiosResponse, 'data' | 'status'>): number {
  const code = field(response.data, 'code');
  if (typeof code === 'number' && Number.isInteger(code)) return code;
  if (typeof code === 'string' && /^\d+$/.test(code)) return Number(code);
  return response.status;
}

/** The message shown: body `msg`, else `error_description`, else '未知错误'. */
export function answerMessage(body: unknown): string {
  return (
    nonEmptyString(field(body, 'msg')) ??
    nonEmptyString(field(body, 'error_description')) ??
    i18n.t('request.unknownError')
  );
}

export function basicCredentials(clientId: string, clientSecret: string): string {
  const bytes = new TextEncoder().encode(`${clientId}:${clientSecret}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

function clientCredentials(bindings: RequestBindings) {
  return (config: InternalAxiosRequestConfig) => {
    const runtime = bindings.getRuntimeConfig();
    if (runtime)
      config.headers.set('Authorization', basicCredentials(runtime.clientId, runtime.clientSecret));
    return config;
  };
}

function userToken(bindings: RequestBindings) {
  return (config: InternalAxiosRequestConfig) => {
    const token = config.skipToken ? undefined : bindings.getToken();
    if (token) config.headers.set(AUTH_HEADER, `${TOKEN_PREFIX} ${token}`);
    return config;
  };
}

/** Switch mode: the current department and role go along, unless the call sets its own. */
function identityHeaders(bindings: RequestBindings) {
  return (config: InternalAxiosRequestConfig) => {
    if (!bindings.getRuntimeConfig()?.switchMode) return config;
    const identity = bindings.getIdentity();
    if (identity?.deptId && !config.headers.has(DEPT_HEADER))
      config.headers.set(DEPT_HEADER, identity.deptId);
    if (identity?.roleId && !config.headers.has(ROLE_HEADER))
      config.headers.set(ROLE_HEADER, identity.roleId);
    return config;
  };
}

function checkAnswer(bindings: RequestBindings) {
  return (response: AxiosResponse) => {
    const code = answerCode(response);
    if (code === ResultCode.SUCCESS) return response;

    const body: unknown = response.data;
    const text = answerMessage(body);
    if (bindings.silentCodes.includes(code)) {
      return Promise.reject(new RequestError(text, { code, kind: 'answer', body, silent: true }));
    }
    const handlesErrors = response.config.handlesErrors === true;
    if (code === ResultCode.UNAUTHORIZED) {
      bindings.onUnauthorized();
      if (!handlesErrors) bindings.showError(text, UNAUTHORIZED_MESSAGE_KEY);
    } else if (!handlesErrors) {
      bindings.showError(text);
    }
    return Promise.reject(new RequestError(text, { code, kind: 'answer', body }));
  };
}

/** No answer within 200–500: network failure, time-out, cancellation or a gateway status. */
function transportFailure(error: unknown): Promise<never> {
  if (error instanceof RequestError) return Promise.reject(error);
  if (axios.isCancel(error)) return Promise.reject(error);
  const axiosError = error instanceof AxiosError ? error : undefined;
  const timedOut = axiosError?.code === AxiosError.ECONNABORTED || axiosError?.code === AxiosError.ETIMEDOUT;
  const body: unknown = axiosError?.response?.data;
  const text =
    nonEmptyString(field(body, 'msg')) ?? i18n.t(timedOut ? 'request.timeout' : 'request.networkError');
  return Promise.reject(
    new RequestError(text, { code: axiosError?.response?.status ?? 0, kind: 'network', body, cause: error }),
  );
}

/** An axios instance with the rules above as interceptors (a 401 ends the session); `bindings` are read per call. */
export function createRequestClient(bindings: RequestBindings): AxiosInstance {
  const client = axios.create({
    timeout: REQUEST_TIMEOUT_MS,
    validateStatus: (status) => status >= 200 && status <= 500,
  });
  client.interceptors.request.use(clientCredentials(bindings));
  client.interceptors.request.use(userToken(bindings));
  client.interceptors.request.use(identityHeaders(bindings));
  client.interceptors.response.use(checkAnswer(bindings), transportFailure);
  return client;
}

const appBindings: RequestBindings = {
  getRuntimeConfig: () => undefined,
  getToken: () => getStore<string>('token'),
  getIdentity: () => {
    const user = getStore<{ dept_id?: string; role_id?: string }>('userInfo');
    return user ? { deptId: user.dept_id, roleId: user.role_id } : undefined;
  },
  onUnauthorized: clearAll,
  showError: showErrorMessage,
  silentCodes: [],
};

/** Connects the app's request client to the site configuration, the session and navigation. */
export function bindRequestClient(bindings: Partial<RequestBindings>): void {
  Object.assign(appBindings, bindings);
}

/** The app's request client. */
export const request = createRequestClient(appBindings);

/**
 * The headers the request client adds (client credentials, the user's token, the switch-mode identity), for the
 * few calls that must use `fetch` instead — a streamed answer, which XHR cannot hand over piece by piece.
 */
export function callHeaders(): Record<string, string> {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  for (const add of [clientCredentials(appBindings), userToken(appBindings), identityHeaders(appBindings)])
    add(config);
  return Object.fromEntries(
    Object.entries(config.headers.toJSON()).map(([name, value]) => [name, String(value)]),
  );
}
