import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What one module may use of another: its query files (`*.queries.ts`, the table reads and writes it owns) and
 * the few library surfaces listed in PUBLIC_SURFACES, nothing else — not its routes, services or helpers. The
 * registry `modules/index.ts` imports every module's plugin and is outside this rule; test files are skipped.
 *
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

/**
 * Files (or folders, ending in `/`) of a module that other modules may import besides its query files, each with
 * why it is shared. Keep the list short: a new entry is a new public surface.
 */
const PUBLIC_SURFACES: Record<string, string> = {
  'identity/':
    'the identity library (accounts, passwords, sessions, third-party and phone sign-in, links) that auth, signin and user are built on',
  'resource/oss/storage.ts':
    'the names and links of stored files, which the user profile (avatars) and attachments check',
  'resource/oss/file-service.ts':
    'the file store the attachment screens read and remove stored objects through',
  'auth/sm2.ts':
    "the instance's SM2 key pair, whose public key the site info publishes beside the token endpoint",
  'resource/oss/upload.ts':
    "the upload checks (size cap, accepted types, content signature) and the private-attachment write that a case's step documents reuse",
  'log/reads.ts': 'the reads the three log screens (api, error, usual) share',
  'log/error/upload.ts': 'storing the browser error log a BladeX client posts with its sign-out request',
  'system/menu/grants.ts':
    'which menus a caller holds and may hand on, shared by the menu and top-menu grants',
  'flow/binding.ts':
    "the workflow's extension points, which a business that runs on processes (patent cases) implements",
  'system/site/site-info.ts':
    "the site's settings and domain rules that the public site, leads and tenants read",
};

/**
 * Imports that break the rule today, file → imported file, each with why it is still there. The list may only
 * shrink: remove an entry once its import is gone.
 */
const KNOWN_CROSSINGS: Record<string, string> = {};

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

/** A path under src/modules as the lists above write it (`system/site/routes.ts`), `.js` specifiers as `.ts`. */
const modulePath = (file: string) => relative(MODULES, file).split(sep).join('/').replace(/\.js$/, '.ts');

/** Whether another module may import this file: a query file, or a listed public surface. */
function importable(target: string): boolean {
  if (/\.queries\.ts$/.test(target)) return true;
  return Object.keys(PUBLIC_SURFACES).some((surface) =>
    surface.endsWith('/') ? target.startsWith(surface) : target === surface,
  );
}

/** Every import of another module's file that is neither a query file nor a public surface, as `file → import`. */
function crossings(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(MODULES)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), specifier);
      const to = folderOf(target);
      if (!to || to === from) continue;
      const path = modulePath(target);
      if (!importable(path)) found.push(`${modulePath(file)} → ${path}`);
    }
  }
  return found.sort();
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
    const fromIdentity = [...(graph.get('identity') ?? [])].filter((to) => identityFolders.includes(to));
    expect(fromIdentity).toEqual([]);
  });

  it("imports of another module's files are its query files or a listed public surface", () => {
    const fresh = crossings().filter((c) => !(c in KNOWN_CROSSINGS));
    expect(
      fresh,
      `import the owning module's *.queries.ts instead, or list a shared library file in PUBLIC_SURFACES with its reason:\n${fresh.join('\n')}`,
    ).toEqual([]);
  });

  it('keeps the known crossings listed only while they exist (the list only shrinks)', () => {
    const current = new Set(crossings());
    expect(Object.keys(KNOWN_CROSSINGS).filter((c) => !current.has(c))).toEqual([]);
  });

  it('lists public surfaces that exist', () => {
    const files = new Set(sourceFiles(MODULES).map(modulePath));
    const missing = Object.keys(PUBLIC_SURFACES).filter((surface) =>
      surface.endsWith('/') ? ![...files].some((f) => f.startsWith(surface)) : !files.has(surface),
    );
    expect(missing).toEqual([]);
  });
});
