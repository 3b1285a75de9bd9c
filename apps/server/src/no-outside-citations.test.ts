import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments state their rule in place. A reader of the repository has the code and `docs/`, not the product
 * specification, API contract, design or research notes, security checklist or tracker threads, so a comment
 * that only points at a section of one of those tells them nothing. This check reads every
 * source file under apps/, packages/, e2e/ and scripts/ (Markdown, build output and dependencies left out) and
 * fails with the file and line of each such pointer.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SCANNED = ['apps', 'packages', 'e2e', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', 'coverage', '.vite', '.turbo']);
const SOURCE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs|css|html|ya?ml)$/;

/** A line that is (or ends in) a comment: `//`, a block comment's opening or continuation line, JSX `{/*`. */
const COMMENT = /^\s*(?:\*|\/\*|\{\/\*)|(?:^|\s)\/\/\s/;

/** Pointers at outside documents, wherever they appear in a line. */
const ANYWHERE: readonly RegExp[] = [
  /\b(?:spec|contract|design|research|checklist)\s*§/i,
  /\bissue\s+\d+\b/i,
  /\bchecklist\s+[A-Z]{1,3}\d/i,
  /\bcontract preamble\b/i,
  /\bstyle anchors?\s+[A-Z]{1,3}\d/i,
];

/** Pointers that only count inside a comment (user-facing text may use a section sign, seeded notes do). */
const IN_COMMENTS: readonly RegExp[] = [/§/, /\bthe spec(?:'s|’s)?\b/i, /\bthe research\b/i];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      return SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.')
        ? []
        : sourceFiles(join(dir, entry.name));
    }
    return SOURCE.test(entry.name) ? [join(dir, entry.name)] : [];
  });
}

/** `file:line: text` of every line of `text` that points at an outside document. */
export function outsideCitations(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const hit =
      ANYWHERE.some((pattern) => pattern.test(line)) ||
      (COMMENT.test(line) && IN_COMMENTS.some((pattern) => pattern.test(line)));
    return hit ? [`${file}:${index + 1}: ${line.trim()}`] : [];
  });
}

describe('comments', () => {
  it('finds a pointer at an outside document and leaves the rule itself alone', () => {
    const section = String.fromCharCode(0xa7);
    expect(outsideCitations('a.ts', `/** Paging (contract ${section}1.4). */`)).toHaveLength(1);
    expect(outsideCitations('a.ts', `// as asked in ${'issue'} 11`)).toHaveLength(1);
    expect(outsideCitations('a.ts', ` * the holidays (${section}2.3)`)).toHaveLength(1);
    expect(outsideCitations('a.ts', `const NOTE = '调研 ${section}2.1';`)).toHaveLength(0);
    expect(outsideCitations('a.ts', '/** Paging: `current` from 1, `size` at most 1000. */')).toHaveLength(0);
  });

  it('cite no document outside the repository (spec, contract, design, research, checklist, issues)', () => {
    const found = SCANNED.flatMap((top) =>
      sourceFiles(join(ROOT, top)).flatMap((file) =>
        outsideCitations(relative(ROOT, file), readFileSync(file, 'utf8')),
      ),
    );
    expect(found, 'state the rule in the comment instead of pointing at a document').toEqual([]);
  });
});
