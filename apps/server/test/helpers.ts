import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { LoginResult } from '@cube/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { type AppDeps, type BuiltApp, buildApp } from '../src/app.js';
import { type AppConfig, loadConfig } from '../src/config.js';
import { type DialectKind, openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { REDACT_PATHS } from '../src/platform/logging.js';
import { md5Hex } from '../src/platform/passwords.js';
import { MemoryStore } from '../src/platform/store.js';
import { seed } from '../src/seed/index.js';
import { copySqliteTemplate, postgresTemplate } from './db-templates.js';

/**
 * Every suite that touches data runs on SQLite and, when `CUBE_TEST_PG_URL` is set (`npm test` sets it when
 * PostgreSQL answers; CI requires it), on PostgreSQL too. Each PostgreSQL suite gets a database of its own.
 */
export const dialects: DialectKind[] = process.env.CUBE_TEST_PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const WEB_CLIENT = { id: 'cube_web', secret: 'test-web-client-secret-0123456789' };
export const basic = (id = WEB_CLIENT.id, secret = WEB_CLIENT.secret) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

export const DEMO = {
  platformAdmin: { tenantId: '000000', username: 'admin', password: 'Admin@2026' },
  tenantAdmin: { tenantId: '100000', username: 'admin', password: 'Demo@2026' },
  tenantUser: { tenantId: '100000', username: 'user', password: 'User@2026' },
  /** The second demo tenant's administrator: its package offers no 专利管理, so it holds none of those codes. */
  otherTenantAdmin: { tenantId: '200000', username: 'admin', password: 'Demo@2026' },
};

export interface TestApp extends BuiltApp {
  config: AppConfig;
  sql: string[];
  logs: string[];
  close(): Promise<void>;
  login(who: { tenantId: string; username: string; password: string }, init?: LoginInit): Promise<Response>;
  token(who: { tenantId: string; username: string; password: string }): Promise<LoginResult>;
  call(method: 'GET' | 'POST', url: string, token?: string, body?: unknown): Promise<Response>;
}

interface LoginInit {
  headers?: Record<string, string>;
  grantType?: string;
}

export interface Response {
  statusCode: number;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
  body: any;
  raw: string;
}

/**
 * The role PostgreSQL suites run as: it owns its database (as a production install's app role may) but is no
 * superuser and has no BYPASSRLS, so row-level security binds every query the suites make.
 */
export const PG_APP_ROLE = 'cube_app_test';

/** A database of this suite's own on the test server: its URL (as {@link PG_APP_ROLE}) and how to drop it. */
function pgDatabase(): { name: string; url: string; drop: () => Promise<void> } {
  const adminUrl = process.env.CUBE_TEST_PG_URL as string;
  const name = `cube_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  url.username = PG_APP_ROLE;
  url.password = '';
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Creates the app role if the server lacks it (a fresh server has none until some suite makes it). */
async function ensurePgAppRole(): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.CUBE_TEST_PG_URL as string });
  await admin.connect();
  try {
    // Suites start in parallel: a concurrent creation of the role answers either error.
    await admin.query(`do $$ begin
      create role ${PG_APP_ROLE} login nosuperuser nobypassrls nocreatedb nocreaterole;
    exception when duplicate_object or unique_violation then null;
    end $$`);
  } finally {
    await admin.end();
  }
}

/**
 * An empty database on the test server owned by the app role, for a suite to register as a datasource (outside
 * {@link createTestApp}): its name, its URL without credentials, and how to drop it. The role is made first, since
 * suites run in any order.
 */
export async function throwawayPgDatabase(): Promise<{
  name: string;
  url: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = process.env.CUBE_TEST_PG_URL as string;
  const name = `cube_ds_${Math.random().toString(36).slice(2, 10)}`;
  await ensurePgAppRole();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} owner ${PG_APP_ROLE}`);
  } finally {
    await admin.end();
  }
  const server = new URL(adminUrl);
  return {
    name,
    url: `postgres://${server.hostname}:${server.port || 5432}/${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Creates `name`, empty or as a copy of `template`. */
async function createPgDatabase(name: string, template: string | null): Promise<void> {
  const adminUrl = process.env.CUBE_TEST_PG_URL as string;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (!template) {
      await admin.query(`create database ${name} owner ${PG_APP_ROLE}`);
      return;
    }
    // Copies of one template made at the same moment: PostgreSQL refuses a copy while another session is in
    // the template (55006), which its maker leaves within moments.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} owner ${PG_APP_ROLE} template ${template}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
      }
    }
  } finally {
    await admin.end();
  }
}

export async function createTestApp(
  dialect: DialectKind,
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance, deps: AppDeps) => void,
  options: { poolSize?: number; configure?: (config: AppConfig) => void } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-test-'));
  const pgDb = dialect === 'postgres' ? pgDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    CUBE_DATA_DIR: dataDir,
    CUBE_JWT_SECRET: `test-signing-secret-${Math.random().toString(36)}-0123456789abcdef`,
    CUBE_WEB_CLIENT_SECRET: WEB_CLIENT.secret,
    CUBE_WEB_DIST: path.join(dataDir, 'no-web'),
    // Suites share two busy cores with password hashing: a lag that would shed load in production is not a
    // failure here (the guard has its own test, platform/http-pipeline.test.ts).
    CUBE_OVERLOAD_LAG_MS: '30000',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  // Settings no environment variable carries (e.g. the outbound network of a local fake upstream).
  options.configure?.(config);
  let seeded: boolean;
  if (pgDb) {
    await ensurePgAppRole();
    const template = await postgresTemplate(config, process.env.CUBE_TEST_PG_URL as string, PG_APP_ROLE);
    await createPgDatabase(pgDb.name, template);
    seeded = template !== null;
  } else {
    seeded = await copySqliteTemplate(config);
  }
  const sql: string[] = [];
  const db = openDatabase(config.database, { onQuery: (s) => sql.push(s), poolSize: options.poolSize ?? 4 });
  if (!seeded) {
    await migrateToLatest(db.db);
    await seed(db.db, config);
  }
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(chunk.toString());
      cb();
    },
  });
  const logger = pino({ level: 'debug', redact: { paths: REDACT_PATHS, censor: '[REDACTED]' } }, stream);
  let built: BuiltApp;
  try {
    built = await buildApp({ config, db, store: new MemoryStore(), loggerInstance: logger, extend });
  } catch (error) {
    await db.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const inject = async (opts: Parameters<FastifyInstance['inject']>[0]): Promise<Response> => {
    const res = await built.app.inject(opts);
    let body: unknown = res.body;
    try {
      body = JSON.parse(res.body);
    } catch {}
    return { statusCode: res.statusCode, body, raw: res.body };
  };

  const login: TestApp['login'] = (who, init = {}) =>
    inject({
      method: 'POST',
      url: '/api/cube-auth/oauth/token',
      query: {
        tenantId: who.tenantId,
        username: who.username,
        password: md5Hex(who.password),
        grant_type: init.grantType ?? 'password',
        scope: 'all',
        type: 'account',
      },
      headers: { authorization: basic(), 'tenant-id': who.tenantId, ...init.headers },
    });

  return {
    ...built,
    config,
    sql,
    logs,
    login,
    async token(who) {
      const res = await login(who);
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.raw}`);
      return res.body as LoginResult;
    },
    call: (method, url, token, body) =>
      inject({
        method,
        url,
        headers: { authorization: basic(), ...(token ? { 'cube-auth': `bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    async close() {
      await built.app.close();
      await built.deps.store.close();
      await db.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
