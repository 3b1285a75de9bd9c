import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Where SQL may be written. The soft-delete predicate lives in the query layer only — `platform/rows.ts`
 * (`live`, `liveIn`, `liveOn`), the tenant and global scopes that apply it, the modules' query files — so that no
 * screen forgets it or spells it differently. Files that register routes only parse, call and answer: no query
 * builder in them, and none longer than ROUTE_FILE_MAX_LINES. Test files are skipped.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

/** Files and folders (ending in `/`) of the query layer, where the soft-delete predicate may be written. */
const QUERY_LAYER = [
  'platform/rows.ts',
  'platform/tenant-data.ts',
  'platform/global-data.ts',
  'db/migrations/',
  // The seed writes rows before any tenant scope exists and states their live flag itself.
  'seed/',
];

/** Soft-delete predicates written by hand, each with what it catches. */
const SOFT_DELETE_PATTERNS: Array<[RegExp, string]> = [
  [/['"`](?:\w+\.)?isDeleted['"`]\s*,\s*['"`]=['"`]/, "where('isDeleted', '=', …)"],
  [/\bisDeleted\s*:\s*0\b/, 'isDeleted: 0'],
  [/(?<![\w'"`.$])[A-Za-z_$][\w$]*\.isDeleted\b/, 'row.isDeleted'],
  [/\bis_deleted\s*=\s*0\b/i, 'is_deleted = 0'],
];

/** Files that still write the predicate outside the query layer, each with why. The list may only shrink. */
const KNOWN_SOFT_DELETE: Record<string, string> = {};

/** A file registers routes when it calls `api.get(…)`/`app.post(…)`/… or the CRUD kit's `registerCrud(…)`. */
const REGISTERS_ROUTES = /\b(?:app|api|\w+Api)\.(?:get|post|put|patch|delete|route)\(|\bregisterCrud\(/;
const QUERY_BUILDER = /\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(/;
const ROUTE_FILE_MAX_LINES = 300;

/** Route-registering files that still hold SQL, each with why. The list may only shrink. */
const KNOWN_ROUTE_SQL: Record<string, string> = {};

/** Route-registering files over the line limit, each with why. The list may only shrink. */
const KNOWN_LONG_ROUTE_FILES: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((file) => ({
  path: relative(SRC, file).split(sep).join('/'),
  text: readFileSync(file, 'utf8'),
}));

const inQueryLayer = (path: string) =>
  /\.queries\.ts$/.test(path) ||
  path.split('/').includes('queries') ||
  QUERY_LAYER.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));

/** `file:line  what` for every hand-written soft-delete predicate outside the query layer. */
function softDeletePredicates(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { path, text } of files) {
    if (inQueryLayer(path)) continue;
    text.split('\n').forEach((line, i) => {
      for (const [pattern, what] of SOFT_DELETE_PATTERNS)
        if (pattern.test(line)) found.set(path, [...(found.get(path) ?? []), `${path}:${i + 1}  ${what}`]);
    });
  }
  return found;
}

const routeFiles = () => files.filter(({ text }) => REGISTERS_ROUTES.test(text));

describe('query layer', () => {
  it('finds the route-registering files', () => {
    const paths = routeFiles().map((f) => f.path);
    expect(paths).toContain('modules/user/admin-routes.ts');
    expect(paths).toContain('modules/system/post/routes.ts');
  });

  it('writes the soft-delete predicate only in the query layer', () => {
    const found = softDeletePredicates();
    const fresh = [...found].filter(([path]) => !(path in KNOWN_SOFT_DELETE)).flatMap(([, lines]) => lines);
    expect(
      fresh,
      `use live / liveIn / liveOn from platform/rows.ts inside a *.queries.ts file (or TenantData/GlobalData):\n${fresh.join('\n')}`,
    ).toEqual([]);
  });

  it('keeps no query builder in route-registering files', () => {
    const fresh = routeFiles()
      .filter(({ path, text }) => QUERY_BUILDER.test(text) && !(path in KNOWN_ROUTE_SQL))
      .map(({ path }) => path);
    expect(
      fresh,
      `move the SQL of these route files into the module's *.queries.ts:\n${fresh.join('\n')}`,
    ).toEqual([]);
  });

  it(`keeps route-registering files under ${ROUTE_FILE_MAX_LINES} lines`, () => {
    const fresh = routeFiles()
      .map(({ path, text }) => ({ path, lines: text.split('\n').length }))
      .filter(({ path, lines }) => lines > ROUTE_FILE_MAX_LINES && !(path in KNOWN_LONG_ROUTE_FILES))
      .map(({ path, lines }) => `${path} (${lines} lines)`);
    expect(fresh, `split these route files by facet:\n${fresh.join('\n')}`).toEqual([]);
  });

  it('keeps the known exceptions listed only while they exist (the lists only shrink)', () => {
    const soft = softDeletePredicates();
    const routes = routeFiles();
    const gone = [
      ...Object.keys(KNOWN_SOFT_DELETE).filter((path) => !soft.has(path)),
      ...Object.keys(KNOWN_ROUTE_SQL).filter(
        (path) => !routes.some((f) => f.path === path && QUERY_BUILDER.test(f.text)),
      ),
      ...Object.keys(KNOWN_LONG_ROUTE_FILES).filter(
        (path) => !routes.some((f) => f.path === path && f.text.split('\n').length > ROUTE_FILE_MAX_LINES),
      ),
    ];
    expect(gone).toEqual([]);
  });
});
