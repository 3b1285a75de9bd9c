import { randomBytes, randomInt } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Signing secrets that are public knowledge: the reference platforms' defaults and our own examples. A process
 * in production refuses to start with any of them.
 */
export const KNOWN_DEFAULT_SECRETS = new Set([
  'Blade',
  'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
  'abcdefghijklmnopqrstuvwxyz',
  'thanks,pig4cloud',
  'secret',
  'changeme',
  'change-me-to-a-long-random-secret-of-at-least-32-bytes',
]);
export const MIN_SECRET_LENGTH = 32;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no', ''])
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  // Loopback unless told otherwise: a first `npm start` with the demo passwords is not reachable from the network.
  // Containers and hosts behind a proxy on another machine set HOST=0.0.0.0 (Dockerfile, deploy/cube.env).
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  CUBE_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  CUBE_JWT_SECRET: z.string().optional(),
  CUBE_WEB_CLIENT_ID: z.string().default('cube_web'),
  CUBE_WEB_CLIENT_SECRET: z.string().optional(),
  CUBE_ADMIN_PASSWORD: z.string().optional(),
  CUBE_DEMO: booleanFlag.optional(),
  CUBE_CAPTCHA: booleanFlag.default(false),
  CUBE_SWITCH_MODE: booleanFlag.default(false),
  CUBE_LANGUAGE_MODE: booleanFlag.default(true),
  CUBE_SITE_KEY: z.string().default('cube'),
  CUBE_SESSION_MAX_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  CUBE_TRUST_PROXY: z.string().optional(),
  CUBE_LOG_LEVEL: z.string().default('info'),
  CUBE_WEB_DIST: z.string().optional(),
  CUBE_API_DOCS: booleanFlag.optional(),
  CUBE_WORKER_ID: z.coerce.number().int().min(0).max(1023).optional(),
  // The chat helper's OpenAI-compatible upstream (none configured: the helper answers 503).
  CUBE_CHAT_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('')),
  CUBE_CHAT_API_KEY: z.string().optional(),
  CUBE_CHAT_MODELS: z.string().default('deepseek-chat'),
  CUBE_CHAT_USER_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  CUBE_CHAT_TENANT_PER_MINUTE: z.coerce.number().int().min(1).default(200),
  CUBE_CHAT_USER_TOKENS_PER_DAY: z.coerce.number().int().min(1).default(100_000),
  CUBE_CHAT_TENANT_TOKENS_PER_DAY: z.coerce.number().int().min(1).default(2_000_000),
  // Hosts the WeChat article proxy may fetch (comma lists, exact names; https only).
  CUBE_WX_ARTICLE_HOSTS: z.string().default('mp.weixin.qq.com'),
  CUBE_WX_IMAGE_HOSTS: z.string().default('mmbiz.qpic.cn,mmbiz.qlogo.cn,mmecoa.qpic.cn,wx.qlogo.cn'),
  CUBE_OUTBOUND_LOOPBACK: booleanFlag.optional(),
  // Prometheus metrics at /metrics (platform/metrics.ts): a bearer token, or loopback only without one.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional().or(z.literal('')),
  CUBE_METRICS: booleanFlag.optional(),
  CUBE_PAGE_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(32 * 1024 * 1024),
  CUBE_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  CUBE_OVERLOAD_LAG_MS: z.coerce.number().int().min(100).default(2000),
});

export interface AppConfig {
  production: boolean;
  host: string;
  port: number;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  jwtSecret: string;
  webClient: { clientId: string; clientSecret: string };
  /** First administrator password for a production install; generated and printed once when absent. */
  adminPassword: string | undefined;
  /** Demo mode seeds the demo tenants and accounts with their documented passwords. */
  demo: boolean;
  features: { captcha: boolean; switchMode: boolean; languageMode: boolean };
  siteKey: string;
  sessionMaxSeconds: number;
  trustProxy: boolean | string;
  logLevel: string;
  webDist: string | undefined;
  apiDocs: boolean;
  workerId: number;
  /**
   * Prometheus metrics (`GET /metrics`): on when `CUBE_METRICS` is on or `METRICS_TOKEN` is set (prom-client is
   * loaded only then); with a token every scrape must send it, without one only unproxied loopback calls are
   * answered.
   */
  metrics: { enabled: boolean; token: string | undefined };
  /** Memory for the rendered public pages of this instance (their HTML, brotli and gzip); 0 keeps none. */
  publicPageCacheBytes: number;
  /** Largest file `put-file` accepts; larger uploads are answered 413. */
  uploadMaxBytes: number;
  /** Event-loop lag above which requests are answered 503 with Retry-After (the overload guard). */
  overloadLagMs: number;
  /** Outbound fetches (WeChat proxy): the hosts each may reach, and network settings tests override. */
  outbound: OutboundConfig;
  /** The chat helper (`POST /ta/v1/chat/completions`): its upstream and budgets. */
  chat: ChatConfig;
}

export interface ChatConfig {
  /** OpenAI-compatible base URL (…/v1); empty when the helper is not configured. */
  baseUrl: string;
  apiKey: string;
  /** Models callers may name; the first is the default. */
  models: string[];
  userPerMinute: number;
  tenantPerMinute: number;
  userTokensPerDay: number;
  tenantTokensPerDay: number;
}

export interface OutboundConfig {
  wxArticleHosts: string[];
  wxImageHosts: string[];
  /**
   * Tests only, never read from the environment: a resolver standing in for DNS, a CA for a local TLS upstream,
   * and exact addresses that may be reached although private (the local fake upstream on 127.0.0.1).
   */
  network?: OutboundNetwork;
  /**
   * Development and the end-to-end run only (`CUBE_OUTBOUND_LOOPBACK`, refused in production): sign-in providers
   * and SMS services may also be reached over plain http on this machine (127.0.0.1, ::1, localhost), e.g. a local
   * OpenID provider. Every other address stays behind the guard.
   */
  loopback?: boolean;
}

export interface OutboundNetwork {
  /** Resolves a host name to its addresses (default: the system resolver, all families). */
  resolve?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
  /** Extra trusted CA certificates (PEM). */
  ca?: string;
  /** Addresses reachable although private. */
  allowAddresses?: string[];
  /** The port every connection goes to instead of 443 (a local upstream cannot take 443). */
  port?: number;
}

export class ConfigError extends Error {}

interface StoredSecrets {
  jwtSecret?: string;
  webClientSecret?: string;
}

/** Rejects secrets that are missing, short or publicly known. */
export function assertStrongSecret(name: string, value: string | undefined): asserts value is string {
  if (!value) throw new ConfigError(`${name} is missing`);
  if (value.length < MIN_SECRET_LENGTH)
    throw new ConfigError(`${name} must be at least ${MIN_SECRET_LENGTH} characters`);
  if (KNOWN_DEFAULT_SECRETS.has(value))
    throw new ConfigError(`${name} is a publicly known default; set your own`);
}

/**
 * Outside production, secrets that are not configured are generated once into `<dataDir>/secrets.json` (mode
 * 0600) so that tokens survive restarts. Production never generates: it must be configured explicitly.
 */
function loadOrCreateSecrets(dataDir: string, production: boolean): StoredSecrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: StoredSecrets = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
  if (production) return stored;
  let changed = false;
  if (!stored.jwtSecret) {
    stored.jwtSecret = randomBytes(48).toString('base64url');
    changed = true;
  }
  if (!stored.webClientSecret) {
    stored.webClientSecret = randomBytes(24).toString('base64url');
    changed = true;
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return stored;
}

const hostList = (value: string): string[] =>
  value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

/**
 * `true`, or the proxies' addresses, ranges or proxy-addr names (`loopback`, `linklocal`, `uniquelocal`). A hop
 * count is refused: Fastify 5 trusts no hop count (it cannot tell a proxy from a client that sends the header
 * itself), so it would silently make every visitor share the proxy's address (rate limits, lockout logs).
 */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value.trim()))
    throw new ConfigError(
      'CUBE_TRUST_PROXY: a hop count is not supported; name the proxies instead (e.g. loopback,uniquelocal or 10.0.0.0/8)',
    );
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      `invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.CUBE_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const stored = loadOrCreateSecrets(dataDir, production);

  const jwtSecret = e.CUBE_JWT_SECRET ?? stored.jwtSecret;
  const webClientSecret = e.CUBE_WEB_CLIENT_SECRET ?? stored.webClientSecret;
  assertStrongSecret('CUBE_JWT_SECRET', jwtSecret);
  if (!webClientSecret) throw new ConfigError('CUBE_WEB_CLIENT_SECRET is missing');
  if (production && KNOWN_DEFAULT_SECRETS.has(webClientSecret)) {
    throw new ConfigError('CUBE_WEB_CLIENT_SECRET is a publicly known default; set your own');
  }
  const demo = e.CUBE_DEMO ?? !production;
  if (production && demo)
    throw new ConfigError('CUBE_DEMO cannot be on in production: demo accounts have public passwords');

  if (production && e.CUBE_OUTBOUND_LOOPBACK)
    throw new ConfigError(
      'CUBE_OUTBOUND_LOOPBACK cannot be on in production: it opens this machine to outbound calls',
    );

  const url = e.DATABASE_URL;
  const database: AppConfig['database'] =
    url && /^postgres(ql)?:\/\//.test(url)
      ? { kind: 'postgres', url }
      : { kind: 'sqlite', file: url ? url.replace(/^sqlite:(\/\/)?/, '') : path.join(dataDir, 'cube.db') };

  return {
    production,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database,
    redisUrl: e.REDIS_URL || undefined,
    jwtSecret,
    webClient: { clientId: e.CUBE_WEB_CLIENT_ID, clientSecret: webClientSecret },
    adminPassword: e.CUBE_ADMIN_PASSWORD,
    demo,
    features: { captcha: e.CUBE_CAPTCHA, switchMode: e.CUBE_SWITCH_MODE, languageMode: e.CUBE_LANGUAGE_MODE },
    siteKey: e.CUBE_SITE_KEY,
    sessionMaxSeconds: e.CUBE_SESSION_MAX_SECONDS,
    trustProxy: parseTrustProxy(e.CUBE_TRUST_PROXY),
    logLevel: e.CUBE_LOG_LEVEL,
    webDist: e.CUBE_WEB_DIST,
    apiDocs: e.CUBE_API_DOCS ?? !production,
    workerId: e.CUBE_WORKER_ID ?? randomInt(1024),
    uploadMaxBytes: e.CUBE_UPLOAD_MAX_BYTES,
    overloadLagMs: e.CUBE_OVERLOAD_LAG_MS,
    publicPageCacheBytes: e.CUBE_PAGE_CACHE_BYTES,
    metrics: { enabled: e.CUBE_METRICS ?? !!e.METRICS_TOKEN, token: e.METRICS_TOKEN || undefined },
    chat: {
      baseUrl: (e.CUBE_CHAT_BASE_URL ?? '').replace(/\/+$/, ''),
      apiKey: e.CUBE_CHAT_API_KEY ?? '',
      models: e.CUBE_CHAT_MODELS.split(',')
        .map((m) => m.trim())
        .filter(Boolean),
      userPerMinute: e.CUBE_CHAT_USER_PER_MINUTE,
      tenantPerMinute: e.CUBE_CHAT_TENANT_PER_MINUTE,
      userTokensPerDay: e.CUBE_CHAT_USER_TOKENS_PER_DAY,
      tenantTokensPerDay: e.CUBE_CHAT_TENANT_TOKENS_PER_DAY,
    },
    outbound: {
      wxArticleHosts: hostList(e.CUBE_WX_ARTICLE_HOSTS),
      wxImageHosts: hostList(e.CUBE_WX_IMAGE_HOSTS),
      loopback: e.CUBE_OUTBOUND_LOOPBACK ?? false,
    },
  };
}
