import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/helpers.js';
import { newId } from '../platform/ids.js';

/**
 * Backup and restore (docs/operations.md): scripts/backup/backup.mjs backs up a database, wipes it,
 * restores it and compares every table's row count — on SQLite (online backup API) and on the scratch
 * PostgreSQL database of the suite (pg_dump / pg_restore as the app's own role, under row-level security).
 */
const script = path.resolve(import.meta.dirname, '../../../../scripts/backup/backup.mjs');

const backup = (...args: string[]) => {
  const result = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 120_000 });
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  return { status: result.status, stderr: result.stderr, out: line ? JSON.parse(line) : {} };
};

describe.each(dialects)('backup round trip (%s)', (dialect) => {
  let t: TestApp;
  let scratch: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    scratch = mkdtempSync(path.join(tmpdir(), 'cube-backup-test-'));
    // A tenant's row, which only the platform scope shows under row-level security.
    const token = (await t.token({ tenantId: '100000', username: 'admin', password: 'Demo@2026' }))
      .access_token;
    const res = await t.call('POST', '/api/cube-pr/prkhzx/submit', undefined, {
      name: '备份测试',
      phone: '13800000001',
      consent: true,
      service: '专利申请',
      requestId: `backup-${newId()}`,
    });
    expect(res.statusCode).toBe(200);
    expect(token).toBeTruthy();
  });
  afterAll(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('backs up, wipes, restores and finds every row again', () => {
    let target: string[];
    if (dialect === 'sqlite') {
      // The online backup of the database the app holds open, then the round trip on that copy.
      const file = (t.config.database as { file: string }).file;
      const online = backup('backup', '--sqlite', file, '--out', scratch);
      expect(online.status, online.stderr).toBe(0);
      target = ['--sqlite', online.out.file];
    } else {
      target = ['--pg', (t.config.database as { url: string }).url];
    }
    const trip = backup('roundtrip', ...target, '--out', path.join(scratch, 'trip'));
    expect(trip.status, trip.stderr).toBe(0);
    expect(trip.out.tablesAfterWipe).toBe(0);
    expect(trip.out.differences).toEqual([]);
    expect(trip.out.tables).toBeGreaterThan(40);
    expect(trip.out.restored).toEqual({ tables: trip.out.tables, rows: trip.out.rows });
    // The seed alone writes thousands of rows (regions); the lead proves tenant rows came back too.
    expect(trip.out.rows).toBeGreaterThan(3000);
  });

  it.runIf(dialect === 'postgres')(
    'restores the tenant wall as it was: forced row-level security',
    async () => {
      const { inspectRowSecurity } = await import('./row-security.js');
      const report = await inspectRowSecurity(t.deps.db.db);
      expect(report.unprotectedTables).toEqual([]);
      expect(report.enforced).toBe(true);
    },
  );
});
