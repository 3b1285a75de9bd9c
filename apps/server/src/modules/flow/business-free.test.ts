import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The workflow knows no business: a business that runs on processes plugs into `binding.ts`, and the app's
 * composition registers it. So no file of `modules/flow` (tests aside) names a patent table — `pat_…` as SQL
 * writes it, `patApplication`-style as the query builder does — imports anything named `pat…`, or imports a file
 * of `modules/patent`.
 */
const FLOW = dirname(fileURLToPath(import.meta.url));
const MODULES = resolve(FLOW, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** What one file says that ties the workflow to the patent business, as readable findings. */
function businessTies(file: string, text: string): string[] {
  const found: string[] = [];
  const name = relative(MODULES, file);
  for (const m of text.matchAll(/\bpat_[a-z_]+|\bpat[A-Z][A-Za-z]*/g)) found.push(`${name}: table ${m[0]}`);
  for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g)) {
    const names = (m[1] as string).split(',').map(
      (n) =>
        n
          .replace(/^\s*type\s+/, '')
          .trim()
          .split(/\s+as\s+/)[0],
    );
    for (const n of names) if (n && /^pat/i.test(n)) found.push(`${name}: imports ${n} from ${m[2]}`);
  }
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
    const specifier = m[1] as string;
    if (!specifier.startsWith('.')) continue;
    const target = relative(MODULES, resolve(dirname(file), specifier));
    if (target.startsWith('patent/') || target === 'patent') found.push(`${name}: imports ${specifier}`);
  }
  return found;
}

describe('modules/flow is free of the patent business', () => {
  it('finds the workflow files it checks', () => {
    const files = sourceFiles(FLOW).map((f) => relative(FLOW, f));
    expect(files).toContain('runtime.ts');
    expect(files).toContain('binding.ts');
    expect(files.some((f) => f.startsWith('queries/'))).toBe(true);
  });

  it('catches what it is meant to catch', () => {
    const file = join(FLOW, 'example.ts');
    expect(
      businessTies(
        file,
        [
          "import { patentApplicationEntity, FlowMessage } from '@cube/contract';",
          "import { caseForFlow } from '../patent/flow-case.queries.js';",
          "db.selectFrom('patApplication'); const t = 'pat_application';",
        ].join('\n'),
      ),
    ).toEqual([
      'flow/example.ts: table patApplication',
      'flow/example.ts: table pat_application',
      'flow/example.ts: imports patentApplicationEntity from @cube/contract',
      'flow/example.ts: imports ../patent/flow-case.queries.js',
    ]);
  });

  it('names no patent table, imports nothing named pat… and no file of modules/patent', () => {
    const ties = sourceFiles(FLOW).flatMap((file) => businessTies(file, readFileSync(file, 'utf8')));
    expect(ties).toEqual([]);
  });
});
