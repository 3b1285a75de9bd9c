import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Module folders may depend on each other only one way: a cycle between two folders (a imports b, b imports a,
 * directly or around a loop) means neither can be read, changed or moved without the other. This check parses
 * the import statements of every file under src/modules, builds the graph of module folders and fails on any
 * cycle that is not in KNOWN_CYCLES. KNOWN_CYCLES lists the cycles that existed when the check came; it may only
 * shrink: remove an entry once its cycle is gone.
 */
const MODULES = resolve(dirname(fileURLToPath(import.meta.url)), '.');

/** Folders whose sub-folders are modules of their own (`system/dict`, `portal/site`, …). */
const GROUPS = new Set(['system', 'portal', 'log', 'desk', 'resource', 'mp']);

/** Cycles present when this check was added, each as its folders sorted and joined by " ↔ ". */
const KNOWN_CYCLES = new Set<string>([]);

/** The module folder of a file under src/modules (undefined for the registry `modules/index.ts`). */
function folderOf(file: string): string | undefined {
  const parts = relative(MODULES, file).split(sep);
  if (parts.length < 2 || parts[0]?.startsWith('..')) return undefined;
  if (GROUPS.has(parts[0]!) && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // Tests reach into several modules on purpose; only the product's own imports form the module graph.
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Relative specifiers of `import … from`, `export … from`, `import '…'` and `import('…')`. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /(?:^|[\s;])import\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]!);
  return found.filter((s) => s.startsWith('.'));
}

/** folder → the other module folders its files import. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(MODULES)) {
    const from = folderOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const to = folderOf(resolve(dirname(file), specifier));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one folder (Tarjan), each sorted. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/** One import path around a group, for the failure message (`a → b → a`). */
function loopIn(graph: Map<string, Set<string>>, group: string[]): string {
  const members = new Set(group);
  const start = group[0]!;
  const path = [start];
  const seen = new Set([start]);
  let at = start;
  for (;;) {
    const to = [...(graph.get(at) ?? [])].filter((t) => members.has(t)).sort();
    const back = to.find((t) => t === start);
    if (back && path.length > 1) return [...path, start].join(' → ');
    const fresh = to.find((t) => !seen.has(t));
    if (!fresh) return [...path, to[0] ?? start].join(' → ');
    path.push(fresh);
    seen.add(fresh);
    at = fresh;
  }
}

describe('module boundaries', () => {
  const graph = moduleGraph();

  it('finds the module folders and their imports', () => {
    expect(graph.has('identity')).toBe(true);
    expect(graph.has('system/site')).toBe(true);
    expect(graph.get('auth')?.has('identity')).toBe(true);
  });

  it('has no import cycle between module folders beyond the known ones', () => {
    const known = [...KNOWN_CYCLES].map((k) => new Set(k.split(' ↔ ')));
    const fresh = cyclesOf(graph).filter((group) => !known.some((k) => group.every((f) => k.has(f))));
    expect(fresh.map((group) => `${group.join(' ↔ ')} (${loopIn(graph, group)})`)).toEqual([]);
  });

  it('keeps the known cycles listed only while they exist (the list only shrinks)', () => {
    const current = cyclesOf(graph).map((group) => group.join(' ↔ '));
    const gone = [...KNOWN_CYCLES].filter(
      (k) => !current.some((c) => k.split(' ↔ ').every((f) => c.includes(f))),
    );
    expect(gone).toEqual([]);
  });

  it('lets auth, signin and user meet only in identity', () => {
    const identityFolders = ['auth', 'signin', 'user'];
    for (const from of identityFolders) {
      const reached = [...(graph.get(from) ?? [])].filter((to) => identityFolders.includes(to));
      expect({ from, reached }).toEqual({ from, reached: [] });
    }
    const fromIdentity = [...(graph.get('identity') ?? [])];
    expect(fromIdentity).toEqual([]);
  });
});
