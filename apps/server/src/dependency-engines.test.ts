import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The README promises the product installs and runs on the oldest Node.js the root `engines` admits. A dependency
 * that declares a newer Node (content-disposition 3, cookie 2, sanitize-html 2.18 once did) makes `npm install`
 * warn EBADENGINE on that Node and may use APIs it lacks, so every package in the lock file must accept it.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
}

describe('dependency engines', () => {
  it('every locked package accepts the oldest Node.js the root engines admit', () => {
    const root = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const oldest = semver.minVersion(root.engines.node);
    expect(oldest, 'root engines.node').not.toBeNull();
    const lock = JSON.parse(readFileSync(resolve(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    const refusing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const wanted = !entry.engines || Array.isArray(entry.engines) ? undefined : entry.engines.node;
      if (!path || !wanted || entry.optional) continue;
      if (!semver.satisfies(oldest as semver.SemVer, wanted, { includePrerelease: true })) {
        refusing.push(`${path}@${entry.version} wants node ${wanted}`);
      }
    }
    expect(refusing).toEqual([]);
  });
});
