import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../../..');

/** The files the login page loads with it: its static relative imports, followed (an `import()` is not followed). */
function staticGraph(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const text = readFileSync(file, 'utf8');
    files.set(file, text);
    for (const match of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)) {
      const base = path.resolve(path.dirname(file), match[1] ?? '');
      const found = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find(existsSync);
      if (found) visit(found);
    }
  };
  visit(entry);
  return files;
}

describe("the login page's first view", () => {
  const graph = staticGraph(path.join(src, 'pages/auth/login/LoginPage.tsx'));

  it('reaches the login form, the start-up code and the root providers', () => {
    const names = [...graph.keys()].map((file) => path.relative(src, file));
    expect(names).toContain('pages/auth/login/LoginForm.tsx');
    expect(names).toContain('api/auth.ts');
  });

  it("carries neither antd's <App> context nor a modal nor md5 (they load with the screens that use them)", () => {
    const offenders: string[] = [];
    for (const [file, text] of graph) {
      for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g))
        for (const name of (match[1] ?? '').split(',').map((n) => n.trim().split(/\s+as\s+/)[0]))
          if (name && ['App', 'Modal', 'notification'].includes(name))
            offenders.push(`${path.relative(src, file)}: ${name}`);
      if (/from\s*'js-md5'/.test(text)) offenders.push(`${path.relative(src, file)}: js-md5`);
    }
    expect(offenders).toEqual([]);
  });
});
