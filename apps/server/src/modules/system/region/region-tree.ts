import { REGION_ROOT_CODE, regionEntity } from '@cube/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';
import { BizError } from '../../../platform/errors.js';
import { LEVEL_COLUMNS, PATH_COLUMNS, regionPlace } from './region.queries.js';

type Executor = Kysely<Database> | Transaction<Database>;
const m = regionEntity.messages;

/**
 * Places a new region under its parent: the parent must exist (the country row `00` sits at the top, under `0`),
 * a code below a province repeats its parent's code as prefix (national division codes nest that way), and the
 * level, `ancestors` and the province … village columns follow from the parent, whatever the input said.
 */
export async function placeRegion(db: Executor, values: Record<string, unknown>): Promise<void> {
  const code = String(values.code);
  const parentCode = String(values.parentCode);
  if (parentCode === '0') {
    if (code !== REGION_ROOT_CODE) throw new BizError(m.parentMissing);
    Object.assign(values, { ancestors: '0', regionLevel: 0 });
    for (const c of PATH_COLUMNS) values[c] = '';
    return;
  }
  const parent = await regionPlace(db, parentCode);
  if (!parent) throw new BizError(m.parentMissing);
  if (parent.code !== REGION_ROOT_CODE && (!code.startsWith(parent.code) || code === parent.code))
    throw new BizError(m.codePrefix);
  const level = parent.regionLevel + 1;
  if (level > 5) throw new BizError(m.levelInvalid);
  Object.assign(values, { ancestors: `${parent.ancestors},${parent.code}`, regionLevel: level });
  for (const c of PATH_COLUMNS) values[c] = parent[c];
  const own = LEVEL_COLUMNS[level];
  if (own) {
    values[own[0]] = code;
    values[own[1]] = values.name;
  }
}
