#!/usr/bin/env node
// Brotli and gzip variants of the built web app's files, written beside each file (`index-abc.js.br`,
// `index-abc.js.gz`) once the console's and the public site's builds have both written `dist/`. The server sends
// a variant as it is when the browser accepts its encoding (@fastify/static `preCompressed`), so no static file
// is ever compressed per request, and spends the build's time on the strongest settings instead.
//
// Usage: node scripts/precompress.mjs [dir]   (default: apps/web/dist). Run by `npm run build -w apps/web`.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats that compress well; images, fonts in woff/woff2 and archives already are compressed. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico|wasm|ttf|otf|eot)$/i;
/** Below this a variant saves less than the headers that announce it. */
const MIN_BYTES = 512;
/** A variant is kept only when it is at most this share of the original. */
const MAX_RATIO = 0.9;

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // `.vite/` holds the build manifests the server reads; they are never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes `file.br` and `file.gz` when they pay, removing stale ones that no longer would. */
async function precompress(file) {
  const raw = await readFile(file);
  const variants = [];
  if (raw.length >= MIN_BYTES) {
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    variants.push(['.br', br], ['.gz', gz]);
  }
  const written = { raw: raw.length, br: 0, gz: 0 };
  for (const [ext, data] of variants) {
    if (data.length <= raw.length * MAX_RATIO) {
      await writeFile(file + ext, data);
      written[ext.slice(1)] = data.length;
    } else {
      await rm(file + ext, { force: true });
    }
  }
  return written;
}

const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'dist'));
if (!(await stat(dir).catch(() => undefined))?.isDirectory()) {
  console.error(`precompress: ${dir} is not a directory — run the web build first.`);
  process.exit(1);
}
const files = [];
for await (const file of filesUnder(dir)) if (COMPRESSIBLE.test(file)) files.push(file);
// zlib's asynchronous calls run on libuv's thread pool: a few files at a time keep every core busy.
const totals = { files: 0, raw: 0, br: 0, gz: 0 };
const queue = [...files];
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const sizes = await precompress(file);
      if (!sizes.br && !sizes.gz) continue;
      totals.files++;
      totals.raw += sizes.raw;
      totals.br += sizes.br || sizes.raw;
      totals.gz += sizes.gz || sizes.raw;
    }
  }),
);
const kb = (n) => `${(n / 1000).toFixed(0)} kB`;
console.info(
  `precompress: ${totals.files} files in ${path.relative(process.cwd(), dir) || '.'}: ${kb(totals.raw)} → brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
);
