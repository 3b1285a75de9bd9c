import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The bench measures what ships: it starts the product with the environment and V8 flags of `npm start`, read from
 * package.json (scripts/bench/harness.mjs), and the image must start it the same way. It judges each pair by
 * server CPU per request and by throughput.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const harnessPath = path.join(root, 'scripts/bench/harness.mjs');
const harness = await import(harnessPath);

describe('bench harness', () => {
  it('reads the environment and node flags of `npm start`', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const start = harness.startCommand(pkg);
    expect(start.nodeFlags).toEqual(['--max-semi-space-size=8']);
    expect(start.env).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(
      harness.startCommand({
        scripts: { start: 'npm run build && A=1 B=x=y node --f --g=2 apps/server/dist/main.js' },
      }),
    ).toEqual({ env: { A: '1', B: 'x=y' }, nodeFlags: ['--f', '--g=2'] });
    expect(() => harness.startCommand({ scripts: { start: 'node --f other.js' } })).toThrow(/start script/);
  });

  it('starts the product with exactly what `npm start` sets, nothing from the calling shell', () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        CUBE_LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x',
        REDIS_URL: 'redis://x',
        MALLOC_ARENA_MAX: '8',
      });
      const env = harness.productEnv({ PORT: '1234', CUBE_LOG_LEVEL: undefined });
      expect(env.CUBE_LOG_LEVEL).toBeUndefined();
      expect(env.NODE_ENV).toBeUndefined();
      expect(env.DATABASE_URL).toBeUndefined();
      expect(env.REDIS_URL).toBeUndefined();
      expect(env.MALLOC_ARENA_MAX).toBe('2');
      expect(env.PORT).toBe('1234');
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });

  it('the Docker image runs the server with the same flags and environment as `npm start`', () => {
    const start = harness.startCommand();
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]');
    expect(cmd).toEqual(['node', ...start.nodeFlags, 'apps/server/dist/main.js']);
    for (const [name, value] of Object.entries(start.env))
      expect(dockerfile).toMatch(new RegExp(`^\\s*(ENV )?${name}=${value}\\b`, 'm'));
  });

  it('judges a pair by CPU per request and by throughput, each against the target', () => {
    const pair = { target: 0.8, p99Factor: 2 };
    const side = (rps: number, cpuUs: number, p99: number) => ({ rps, cpuUs, p99 });
    // Throughput fine, but the product spends twice the baseline's CPU per request: missed.
    const cpuMiss = harness.judge({ pair, baseline: side(1000, 100, 10), product: side(900, 200, 10) });
    expect(cpuMiss).toMatchObject({ cpuRatio: 0.5, cpuOk: false, rpsOk: true, ok: false });
    expect(cpuMiss.rpsRatio).toBeCloseTo(0.9);
    const rpsMiss = harness.judge({ pair, baseline: side(1000, 100, 10), product: side(700, 110, 10) });
    expect(rpsMiss).toMatchObject({ cpuOk: true, rpsOk: false, ok: false });
    const p99Miss = harness.judge({ pair, baseline: side(1000, 100, 10), product: side(950, 105, 25) });
    expect(p99Miss).toMatchObject({ cpuOk: true, rpsOk: true, p99Ok: false, ok: false });
    expect(harness.judge({ pair, baseline: side(1000, 100, 10), product: side(850, 120, 15) })).toMatchObject(
      { ok: true },
    );
    // A product side that answered nothing fails instead of dividing by zero.
    expect(harness.judge({ pair, baseline: side(1000, 100, 10), product: side(0, Number.NaN, 0) }).ok).toBe(
      false,
    );
  });
});
