import pg from 'pg';
import { type Harness, sharedHarness, startHarness } from '../harness.js';

/**
 * The databases a resources e2e file runs on: the run's shared server (SQLite) always, and a server of the
 * file's own on a fresh PostgreSQL database when `CUBE_TEST_PG_URL` names a server (the same variable the
 * server tests use). The PostgreSQL database is dropped when the file is done.
 */
export const e2eTargets: ReadonlyArray<'sqlite' | 'postgres'> = process.env.CUBE_TEST_PG_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export async function openTarget(target: 'sqlite' | 'postgres'): Promise<Harness> {
  if (target === 'sqlite') return sharedHarness();
  const adminUrl = process.env.CUBE_TEST_PG_URL as string;
  const name = `cube_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  let h: Harness;
  try {
    h = await startHarness({ DATABASE_URL: url.toString() });
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    ...h,
    close: async () => {
      await h.close();
      await drop();
    },
  };
}
