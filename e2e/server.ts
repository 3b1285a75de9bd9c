import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Browser, type BrowserServer, chromium, type LaunchOptions } from 'playwright-core';

/**
 * The processes behind the end-to-end suite: the built server (`npm run build` first) on a free port with a fresh
 * SQLite data directory and demo data — or, with `CUBE_E2E_PG_URL` (an administrator's URL), a fresh PostgreSQL
 * database of its own, dropped afterwards — and Debian's Chromium through playwright-core. Nothing is downloaded.
 * Used by the global setup (one server and one browser for the whole run) and by files that need a server of
 * their own (special settings).
 */
export const root = path.resolve(import.meta.dirname, '..');
export const SCREENSHOT_DIR = path.join(root, 'test-results', 'screenshots');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The role the server runs as on PostgreSQL: owns its database, no superuser, no BYPASSRLS (RLS binds it). */
const PG_APP_ROLE = 'cube_app_e2e';

/** A fresh PostgreSQL database for one server (`CUBE_E2E_PG_URL` set), or nothing (SQLite). */
async function e2eDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const adminUrl = process.env.CUBE_E2E_PG_URL;
  if (!adminUrl) return { env: {}, drop: async () => {} };
  const name = `cube_e2e_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`do $$ begin
        create role ${PG_APP_ROLE} login nosuperuser nobypassrls nocreatedb nocreaterole;
      exception when duplicate_object or unique_violation then null;
      end $$`);
    await admin.query(`create database ${name} owner ${PG_APP_ROLE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  url.username = PG_APP_ROLE;
  url.password = '';
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`).finally(() => client.end());
    },
  };
}

export interface AppServer {
  baseUrl: string;
  /** What the server printed so far. */
  output(): string;
  close(): Promise<void>;
}

/**
 * Starts the built server with `env` on top of the test settings; resolves once `/api/ready` answers. With `log`,
 * its output also goes to that file as it comes.
 */
export async function startServer(env: Record<string, string> = {}, log?: string): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cube-e2e-'));
  const database = await e2eDatabase();
  let output = '';
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      CUBE_DATA_DIR: dataDir,
      CUBE_LOG_LEVEL: 'warn',
      // The third-party sign-in files drive a local OpenID provider on 127.0.0.1 (refused in production).
      CUBE_OUTBOUND_LOOPBACK: 'true',
      ...database.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (log) {
    mkdirSync(path.dirname(log), { recursive: true });
    writeFileSync(log, '');
  }
  const collect = (chunk: Buffer) => {
    output += chunk;
    if (log) appendFileSync(log, chunk);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) break;
    } catch {}
    if (server.exitCode !== null || Date.now() > deadline) {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
      throw new Error(`server did not start (run \`npm run build\` first?):\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    output: () => output,
    async close() {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

const LAUNCH: LaunchOptions = {
  executablePath: process.env.CUBE_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Chromium for this process alone. */
export function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch(LAUNCH);
}

/** Chromium that test files connect to (`chromium.connect(wsEndpoint())`), each with contexts of its own. */
export function launchBrowserServer(): Promise<BrowserServer> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launchServer(LAUNCH);
}
