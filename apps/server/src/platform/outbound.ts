import { lookup as systemLookup } from 'node:dns/promises';
import type { RequestOptions } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { OutboundNetwork } from '../config.js';
import { AppError } from './errors.js';
import { undici } from './lazy-modules.js';

/**
 * The one guarded client for calls that leave the server on a user's say-so, so that user
 * input cannot steer the server at internal addresses. A URL is fetched only when:
 * - it is `https:` on the default port, without credentials, to a host named exactly in the caller's allowlist
 *   (no IP literals, no suffix tricks such as `mp.weixin.qq.com.evil.tld` or `evil.tld@mp.weixin.qq.com`);
 * - every address its name resolves to is public: the socket then connects to the address that was checked (the
 *   check runs inside the connection's own lookup, so a rebinding resolver cannot swap it afterwards);
 * - each redirect passes the same checks again (at most {@link FetchLimits.maxRedirects} hops).
 * Time (connect, headers, whole body) and size are capped; exceeding them aborts the transfer.
 */

export const OutboundMessage = {
  INVALID_URL: '链接地址不正确',
  NOT_HTTPS: '只允许 https 链接',
  HOST_NOT_ALLOWED: '不允许访问该地址',
  PRIVATE_ADDRESS: '不允许访问内网地址',
  TOO_MANY_REDIRECTS: '跳转次数过多',
  TIMEOUT: '远程服务器响应超时',
  TOO_LARGE: '远程内容过大',
  UPSTREAM_FAILED: '远程服务器请求失败',
  BAD_CONTENT: '远程内容类型不正确',
} as const;

export class OutboundRefused extends AppError {
  constructor(message: string) {
    super(400, 400, message);
  }
}

class OutboundFailed extends AppError {
  constructor(status: 502 | 504, message: string) {
    super(status, status, message);
  }
}

/** Special-purpose and private ranges (RFC 6890 and successors): nothing a public web host lives in. */
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');

/** True for an address no outbound call may reach (IPv4-mapped IPv6 is judged by its IPv4 part). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return FORBIDDEN.check(mapped[1], 'ipv4');
    if (/^::ffff:/i.test(address)) return true; // hex-written mapped forms: refuse rather than decode
    return FORBIDDEN.check(address, 'ipv6');
  }
  return FORBIDDEN.check(address, 'ipv4');
}

/**
 * Parses and checks a URL against an allowlist of exact host names. Throws {@link OutboundRefused}: nothing has
 * been resolved or connected when it does.
 */
export function checkOutboundUrl(raw: string, allowedHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused(OutboundMessage.INVALID_URL);
  }
  if (url.protocol !== 'https:') throw new OutboundRefused(OutboundMessage.NOT_HTTPS);
  if (url.username || url.password || (url.port !== '' && url.port !== '443'))
    throw new OutboundRefused(OutboundMessage.HOST_NOT_ALLOWED);
  // WHATWG parsing already turned `0x7f000001`, `2130706433` and `[::1]` into IP literals: none is a listed name.
  const host = url.hostname.toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0 || !allowedHosts.includes(host))
    throw new OutboundRefused(OutboundMessage.HOST_NOT_ALLOWED);
  return url;
}

export interface FetchLimits {
  allowedHosts: readonly string[];
  /** Whole exchange, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  accept: string;
}

export interface FetchedResource {
  url: string;
  contentType: string;
  body: Buffer;
}

/** A connection lookup that resolves, refuses any forbidden answer, and hands the socket the checked address. */
function guardedLookup(network: OutboundNetwork | undefined): LookupFunction {
  const allowed = new Set(network?.allowAddresses ?? []);
  const resolve =
    network?.resolve ??
    ((hostname: string) =>
      systemLookup(hostname, { all: true, verbatim: true }) as Promise<
        Array<{ address: string; family: number }>
      >);
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
          return;
        }
        // One private answer is enough to refuse: a name that mixes them is not one we should trust.
        const refused = addresses.find((a) => isForbiddenAddress(a.address) && !allowed.has(a.address));
        if (refused) {
          callback(
            Object.assign(new Error(OutboundMessage.PRIVATE_ADDRESS), { code: 'ECUBEPRIVATE' }),
            '',
            4,
          );
          return;
        }
        if ((options as { all?: boolean }).all) callback(null, addresses as never);
        else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
}

/**
 * A dispatcher that creates the real one (and loads undici) on its first call: modules make theirs when they
 * register, and most processes never call out (the idle process stays small).
 */
function lazyDispatcher(create: () => Dispatcher): Dispatcher {
  let real: Dispatcher | undefined;
  return new Proxy({} as Dispatcher, {
    get(_, property) {
      if (!real && (property === 'close' || property === 'destroy')) return async () => {};
      real ??= create();
      const value = Reflect.get(real, property);
      return typeof value === 'function' ? value.bind(real) : value;
    },
  });
}

/** One dispatcher per network setting: keeps connections to the few allowed hosts alive between calls. */
export function outboundDispatcher(network?: OutboundNetwork): Dispatcher {
  return lazyDispatcher(() => realOutboundDispatcher(network));
}

function realOutboundDispatcher(network?: OutboundNetwork): Dispatcher {
  const { Agent, buildConnector } = undici();
  const connector = buildConnector({
    lookup: guardedLookup(network),
    timeout: 5_000,
    ...(network?.ca ? { ca: network.ca } : {}),
  });
  const port = network?.port;
  return new Agent({
    connect: port
      ? (options, callback) => connector({ ...options, port: String(port) }, callback)
      : connector,
    headersTimeout: 8_000,
    bodyTimeout: 8_000,
    connections: 16,
  });
}

const isRedirect = (status: number) =>
  status === 301 || status === 302 || status === 303 || status === 307 || status === 308;

/** Fetches `raw` through the guards (see the file comment). Refusals are 400, upstream trouble 502, time 504. */
export async function guardedFetch(
  dispatcher: Dispatcher,
  raw: string,
  limits: FetchLimits,
): Promise<FetchedResource> {
  let url = checkOutboundUrl(raw, limits.allowedHosts);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  for (let hop = 0; ; hop++) {
    let response: Dispatcher.ResponseData;
    try {
      response = await undici().request(url, {
        dispatcher,
        method: 'GET',
        signal,
        headers: {
          accept: limits.accept,
          'user-agent': 'Mozilla/5.0 (compatible; CubePortal/1.0)',
          'accept-encoding': 'identity',
        },
      });
    } catch (error) {
      throw translate(error, signal);
    }
    if (isRedirect(response.statusCode)) {
      await response.body.dump().catch(() => {});
      if (hop >= limits.maxRedirects) throw new OutboundRefused(OutboundMessage.TOO_MANY_REDIRECTS);
      const location = response.headers.location;
      const next = Array.isArray(location) ? location[0] : location;
      if (!next) throw new OutboundFailed(502, OutboundMessage.UPSTREAM_FAILED);
      url = checkOutboundUrl(new URL(next, url).toString(), limits.allowedHosts);
      continue;
    }
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await response.body.dump().catch(() => {});
      throw new OutboundFailed(502, OutboundMessage.UPSTREAM_FAILED);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > limits.maxBytes) {
      response.body.destroy();
      throw new OutboundFailed(502, OutboundMessage.TOO_LARGE);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > limits.maxBytes) {
          response.body.destroy();
          throw new OutboundFailed(502, OutboundMessage.TOO_LARGE);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      throw translate(error, signal);
    }
    const type = response.headers['content-type'];
    return {
      url: url.toString(),
      contentType: (Array.isArray(type) ? type[0] : type) ?? '',
      body: Buffer.concat(chunks),
    };
  }
}

function translate(error: unknown, signal: AbortSignal): Error {
  if (error instanceof AppError) return error;
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  if (code === 'ECUBEPRIVATE') return new OutboundRefused(OutboundMessage.PRIVATE_ADDRESS);
  if (
    signal.aborted ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  )
    return new OutboundFailed(504, OutboundMessage.TIMEOUT);
  return new OutboundFailed(502, OutboundMessage.UPSTREAM_FAILED);
}

/** Host names of this machine that the development loopback exception admits ({@link UrlPolicy.loopback}). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Where calls to a third-party service (sign-in provider, SMS service) may go. */
export interface UrlPolicy {
  /** Exact host names, checked like {@link checkOutboundUrl}. */
  allowedHosts: readonly string[];
  /**
   * Development and the end-to-end run only (config `outbound.loopback`, refused in production): this machine's
   * own addresses over http or https on any port, e.g. a local OpenID provider. Nothing else is relaxed.
   */
  loopback?: boolean;
}

/** {@link checkOutboundUrl}, plus the development loopback exception of {@link UrlPolicy.loopback}. */
export function checkServiceUrl(raw: string, policy: UrlPolicy): URL {
  if (policy.loopback) {
    let url: URL | undefined;
    try {
      url = new URL(raw);
    } catch {
      throw new OutboundRefused(OutboundMessage.INVALID_URL);
    }
    if (
      LOOPBACK_HOSTS.has(url.hostname.toLowerCase()) &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !url.username &&
      !url.password
    )
      return url;
  }
  return checkOutboundUrl(raw, policy.allowedHosts);
}

/** The network settings of a service dispatcher: with the loopback exception, this machine's addresses too. */
export function serviceNetwork(network: OutboundNetwork | undefined, loopback: boolean): OutboundNetwork {
  if (!loopback) return network ?? {};
  return { ...network, allowAddresses: [...(network?.allowAddresses ?? []), '127.0.0.1', '::1'] };
}

/** A `fetch` as libraries expect one (oauth4webapi's `customFetch`), with the outbound guards. */
export type ServiceFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A `fetch` for API calls to third-party services (sign-in providers' token and user endpoints): each URL is
 * checked against `policy` (https, exact host, no IP literal; see {@link checkServiceUrl}) before anything is
 * resolved, the connection goes through `dispatcher` (a {@link outboundDispatcher}, so private addresses are
 * refused where the socket connects), the whole exchange is capped in time and the answer in size, and redirects
 * are answered as they are, never followed (an API call that redirects has failed). Refusals and failures
 * reject with the same errors as {@link guardedFetch}.
 */
export function serviceFetch(
  dispatcher: Dispatcher,
  policy: UrlPolicy | (() => UrlPolicy),
  limits: { timeoutMs: number; maxBytes: number },
): ServiceFetch {
  return async (input, init) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = checkServiceUrl(raw, typeof policy === 'function' ? policy() : policy);
    const timeout = AbortSignal.timeout(limits.timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const headers: Record<string, string> = {
      'user-agent': 'CubePortal/1.0',
      'accept-encoding': 'identity',
    };
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const body = init?.body;
    let payload: string | Buffer | undefined;
    if (body === undefined || body === null) payload = undefined;
    else if (typeof body === 'string') payload = body;
    else if (body instanceof URLSearchParams) {
      payload = body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (body instanceof Uint8Array) payload = Buffer.from(body);
    else if (body instanceof ArrayBuffer) payload = Buffer.from(body);
    else throw new OutboundRefused(OutboundMessage.BAD_CONTENT);
    let response: Dispatcher.ResponseData;
    try {
      response = await undici().request(url, {
        dispatcher,
        method: (init?.method ?? 'GET').toUpperCase() as Dispatcher.HttpMethod,
        headers,
        body: payload,
        signal,
      });
    } catch (error) {
      throw translate(error, timeout);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > limits.maxBytes) {
      response.body.destroy();
      throw new OutboundFailed(502, OutboundMessage.TOO_LARGE);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > limits.maxBytes) {
          response.body.destroy();
          throw new OutboundFailed(502, OutboundMessage.TOO_LARGE);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      throw translate(error, timeout);
    }
    const answerHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) answerHeaders.append(key, v);
    }
    const status = response.statusCode;
    const empty = status === 204 || status === 205 || status === 304;
    return new Response(empty ? null : Buffer.concat(chunks), { status, headers: answerHeaders });
  };
}

/**
 * An `https.Agent` for vendor SDKs that bring their own HTTP stack but take a Node agent (the Alibaba Cloud and
 * Tencent Cloud SMS SDKs): a connection is opened only to a host named exactly in `policy` (no IP literal; the
 * loopback exception as in {@link checkServiceUrl}), through the guarded lookup that refuses private addresses
 * and hands the socket the address it checked. Being an https agent, it cannot carry plain http.
 */
export function guardedHttpsAgent(network: OutboundNetwork | undefined, policy: UrlPolicy): HttpsAgent {
  const lookup = guardedLookup(network);
  class GuardedAgent extends HttpsAgent {
    override createConnection(
      options: RequestOptions,
      callback?: (error: Error | null, stream: Duplex) => void,
    ): Duplex | null | undefined {
      const host = String(options.host ?? options.hostname ?? '').toLowerCase();
      const literal = isIP(host.replace(/^\[|\]$/g, '')) !== 0;
      const loopback =
        policy.loopback && LOOPBACK_HOSTS.has(literal && host.includes(':') ? `[${host}]` : host);
      if (!loopback && (literal || !policy.allowedHosts.includes(host))) {
        callback?.(new OutboundRefused(OutboundMessage.HOST_NOT_ALLOWED), undefined as unknown as Duplex);
        return undefined;
      }
      const next = {
        ...options,
        lookup,
        ...(network?.port && !loopback ? { port: network.port } : {}),
        ...(network?.ca ? { ca: network.ca } : {}),
      };
      return super.createConnection(next as RequestOptions, callback);
    }
  }
  return new GuardedAgent({ keepAlive: true, maxSockets: 8, timeout: 10_000 });
}
