/**
 * The forest merge of tree lists (BladeX `ForestNodeMerger`): a node whose `parentId` is 0 or whose parent is
 * not in the set becomes a root; children keep the input order, and `children` is left out when empty.
 *
 * `hasChildren` is the lazy-loading flag: true means "children not sent, ask `lazy-list`/`lazy-tree` for them",
 * and element-ui's tree table then ignores a filled `children` array. A whole tree has nothing left to load, so
 * every node of it says false; only the lazy endpoints answer true.
 */
export type TreeNode<T> = T & { hasChildren: boolean; children?: Array<TreeNode<T>> };

export function mergeForest<T extends { id: string; parentId: string }>(nodes: T[]): Array<TreeNode<T>> {
  const byId = new Map<string, TreeNode<T>>();
  for (const node of nodes) byId.set(node.id, { ...node, hasChildren: false });
  const roots: Array<TreeNode<T>> = [];
  for (const node of byId.values()) {
    const parent = node.parentId === '0' || node.parentId === node.id ? undefined : byId.get(node.parentId);
    if (!parent) {
      roots.push(node);
      continue;
    }
    parent.children ??= [];
    parent.children.push(node);
  }
  return roots;
}

/** The given ids plus every ancestor reachable through `parentOf`. */
export function withAncestors(ids: Iterable<string>, parentOf: Map<string, string>): Set<string> {
  const result = new Set<string>();
  for (const start of ids) {
    let id: string | undefined = start;
    while (id && id !== '0' && !result.has(id) && parentOf.has(id)) {
      result.add(id);
      id = parentOf.get(id);
    }
  }
  return result;
}
