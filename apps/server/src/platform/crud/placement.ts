import type { EntityDefinition } from '@cube/contract';
import { BizError } from '../errors.js';
import { TreeMessage } from './tree-reads.js';
import type { DynamicSelect, DynamicUpdate } from './types.js';

/**
 * Checks the parent of a tree row (it must exist in scope and must not be the row itself or one of its
 * descendants) and keeps `ancestors` right: the row's own, and on a move every descendant's.
 */
export async function placeInTree(
  inScope: () => DynamicSelect,
  update: () => DynamicUpdate,
  table: string,
  tree: NonNullable<EntityDefinition['tree']>,
  id: string | undefined,
  values: Record<string, unknown>,
): Promise<void> {
  const parentId = String(values[tree.parent] ?? '0');
  values[tree.parent] = parentId;
  let ancestors = '0';
  if (parentId !== '0') {
    if (parentId === id) throw new BizError(TreeMessage.parentCycle);
    const parent = (await inScope()
      .select([`${table}.id as id`, ...(tree.ancestors ? [`${table}.${tree.ancestors} as ancestors`] : [])])
      .where(`${table}.id`, '=', parentId)
      .executeTakeFirst()) as { id: string; ancestors?: string } | undefined;
    if (!parent) throw new BizError(TreeMessage.parentMissing);
    if (id && (await isDescendant(inScope, table, tree.parent, parentId, id)))
      throw new BizError(TreeMessage.parentCycle);
    ancestors = `${parent.ancestors || '0'},${parentId}`;
  }
  if (!tree.ancestors) return;
  values[tree.ancestors] = ancestors;
  if (!id) return;
  const current = (await inScope()
    .select(`${table}.${tree.ancestors} as ancestors`)
    .where(`${table}.id`, '=', id)
    .executeTakeFirst()) as { ancestors: string } | undefined;
  const before = current?.ancestors || '0';
  if (before === ancestors) return;
  // Descendants carry `<before>,<id>` as a prefix of their ancestors; rewrite it to `<ancestors>,<id>`.
  const descendants = (await inScope()
    .select([`${table}.id as id`, `${table}.${tree.ancestors} as ancestors`])
    .where((eb) =>
      eb.or([
        eb(`${table}.${tree.ancestors}`, '=', `${before},${id}`),
        eb(`${table}.${tree.ancestors}`, 'like', `${before},${id},%`),
      ]),
    )
    .execute()) as Array<{ id: string; ancestors: string }>;
  for (const d of descendants) {
    await update()
      .set({ [tree.ancestors]: `${ancestors},${id}${d.ancestors.slice(`${before},${id}`.length)}` })
      .where('id', '=', d.id)
      .execute();
  }
}

/** Whether `candidate` lies under `id` (walks up from the candidate; trees are shallow). */
async function isDescendant(
  inScope: () => DynamicSelect,
  table: string,
  parentField: string,
  candidate: string,
  id: string,
): Promise<boolean> {
  let current = candidate;
  for (let depth = 0; depth < 64 && current !== '0'; depth++) {
    if (current === id) return true;
    const row = (await inScope()
      .select(`${table}.${parentField} as parentId`)
      .where(`${table}.id`, '=', current)
      .executeTakeFirst()) as { parentId: string } | undefined;
    if (!row) return false;
    current = String(row.parentId);
  }
  return current === id;
}
