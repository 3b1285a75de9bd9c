import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AuthMessage } from '@cube/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, dialects } from '../test/helpers.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { md5Hex } from './platform/passwords.js';
import { findWorkingDemoAccounts, seed } from './seed/index.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cube-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const STRONG = 'a-production-signing-secret-that-is-long-enough-4f9c';

describe('configuration', () => {
  it('generates the signing secret into the data directory outside production, once', () => {
    const dir = tempDir();
    const first = loadConfig({ CUBE_DATA_DIR: dir });
    const second = loadConfig({ CUBE_DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = path.join(dir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).jwtSecret).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.demo).toBe(true);
    expect(first.database).toEqual({ kind: 'sqlite', file: path.join(dir, 'cube.db') });
  });

  it('shows the language switch unless CUBE_LANGUAGE_MODE turns it off', () => {
    const dir = tempDir();
    expect(loadConfig({ CUBE_DATA_DIR: dir }).features.languageMode).toBe(true);
    expect(loadConfig({ CUBE_DATA_DIR: dir, CUBE_LANGUAGE_MODE: 'false' }).features.languageMode).toBe(false);
  });

  it('listens on loopback unless HOST names another address', () => {
    const dir = tempDir();
    expect(loadConfig({ CUBE_DATA_DIR: dir }).host).toBe('127.0.0.1');
    expect(
      loadConfig({
        CUBE_DATA_DIR: dir,
        NODE_ENV: 'production',
        CUBE_JWT_SECRET: STRONG,
        CUBE_WEB_CLIENT_SECRET: 'web-client-secret-for-production-01',
      }).host,
    ).toBe('127.0.0.1');
    expect(loadConfig({ CUBE_DATA_DIR: dir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('reads port, data directory, database and Redis URLs from the environment', () => {
    const dir = tempDir();
    const config = loadConfig({
      CUBE_DATA_DIR: dir,
      PORT: '9123',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config.port).toBe(9123);
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  it('refuses to start in production with a missing, short or publicly known secret, or with demo data', () => {
    const base = { NODE_ENV: 'production', CUBE_WEB_CLIENT_SECRET: 'web-client-secret-for-production-01' };
    expect(() => loadConfig({ ...base, CUBE_DATA_DIR: tempDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, CUBE_DATA_DIR: tempDir(), CUBE_JWT_SECRET: 'short' })).toThrow(
      /at least 32/,
    );
    for (const known of [
      'abcdefghijklmnopqrstuvwxyz',
      'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
    ]) {
      expect(() => loadConfig({ ...base, CUBE_DATA_DIR: tempDir(), CUBE_JWT_SECRET: known })).toThrow(
        ConfigError,
      );
    }
    expect(() =>
      loadConfig({ ...base, CUBE_DATA_DIR: tempDir(), CUBE_JWT_SECRET: STRONG, CUBE_DEMO: 'true' }),
    ).toThrow(/demo/);
    const ok = loadConfig({ ...base, CUBE_DATA_DIR: tempDir(), CUBE_JWT_SECRET: STRONG });
    expect(ok.production).toBe(true);
    expect(ok.demo).toBe(false);
    expect(ok.apiDocs).toBe(false);
  });

  it('finds demo accounts that still open with their public password', async () => {
    const dir = tempDir();
    const config = loadConfig({ CUBE_DATA_DIR: dir });
    const db = openDatabase(config.database);
    await migrateToLatest(db.db);
    await seed(db.db, config);
    // Every demo account of the README's table, in the seed's order.
    expect(await findWorkingDemoAccounts(db.db)).toEqual([
      '000000/admin',
      '100000/admin',
      '100000/user',
      '200000/admin',
      '100000/manager',
      '100000/agent',
    ]);
    await db.close();
  });
});

describe.each(dialects)('production install on %s', (dialect) => {
  it('seeds no demo account and forces the first administrator to change the initial password', async () => {
    const t = await createTestApp(dialect, {
      CUBE_DEMO: 'false',
      CUBE_ADMIN_PASSWORD: 'Initial-Admin-Pass-1',
    });
    try {
      expect(await findWorkingDemoAccounts(t.deps.db.db)).toEqual([]);
      expect((await t.login(DEMO.tenantAdmin)).body.error_description).toBe(AuthMessage.BAD_CREDENTIALS);
      const admin = { tenantId: '000000', username: 'admin', password: 'Initial-Admin-Pass-1' };
      const first = await t.token(admin);
      expect(first.password_must_change).toBe(true);
      const blocked = await t.call('GET', '/api/cube-system/param/list', first.access_token);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.body.msg).toBe(AuthMessage.PASSWORD_MUST_CHANGE);
      expect((await t.call('GET', '/api/cube-auth/oauth/user-info', first.access_token)).statusCode).toBe(
        200,
      );

      const change = (oldPassword: string, newPassword: string, confirm = newPassword) =>
        t.call(
          'POST',
          `/api/cube-user/update-password?oldPassword=${md5Hex(oldPassword)}&newPassword=${md5Hex(newPassword)}&newPassword1=${md5Hex(confirm)}`,
          first.access_token,
        );
      expect((await change('Initial-Admin-Pass-1', 'New-Pass-2026', 'Other')).body.msg).toBe(
        AuthMessage.CONFIRM_PASSWORD_WRONG,
      );
      expect((await change('wrong-old', 'New-Pass-2026')).body.msg).toBe(AuthMessage.OLD_PASSWORD_WRONG);
      expect((await change('Initial-Admin-Pass-1', 'New-Pass-2026')).statusCode).toBe(200);
      expect((await t.call('GET', '/api/cube-system/param/list', first.access_token)).statusCode).toBe(200);
      expect((await t.login(admin)).statusCode).toBe(400);
      expect((await t.login({ ...admin, password: 'New-Pass-2026' })).body.password_must_change).toBe(false);
    } finally {
      await t.close();
    }
  });
});
