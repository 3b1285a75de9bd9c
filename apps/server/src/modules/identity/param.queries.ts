import type { DatabaseHandle } from '../../db/connection.js';
import { live } from '../../platform/rows.js';

/** Reads a live system parameter (`cube_param`), or the fallback when it is absent or empty. */
export async function readParam(handle: DatabaseHandle, key: string, fallback: string): Promise<string> {
  const row = await handle.db
    .selectFrom('cubeParam')
    .select('paramValue')
    .where('paramKey', '=', key)
    .$call(live)
    .executeTakeFirst();
  return row?.paramValue?.trim() || fallback;
}

export async function readIntParam(handle: DatabaseHandle, key: string, fallback: number): Promise<number> {
  const value = Number(await readParam(handle, key, String(fallback)));
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
