import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';

/** Resolve '@cube/contract' (and any workspace package exporting it) to its TypeScript source. */
const SOURCE_CONDITION = 'cube-source';

interface ChunkMeta {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => { isEntry: boolean; importedIds: readonly string[] } | null;
}

/** The modules loaded with the entry: reached from it through static imports alone (computed once per build). */
let eagerModules: Set<string> | undefined;

function modulesLoadedAtStart({ getModuleIds, getModuleInfo }: ChunkMeta): Set<string> {
  const eager = new Set([...getModuleIds()].filter((id) => getModuleInfo(id)?.isEntry));
  for (const id of eager) for (const imported of getModuleInfo(id)?.importedIds ?? []) eager.add(imported);
  return eager;
}

/**
 * Groups node_modules into a few long-lived vendor chunks so that app changes do not invalidate them. A library
 * reached only through `import()` (the file preview's Word and Excel readers, say) is left to Rollup, so it stays in
 * its own lazy chunk instead of the vendor chunk every page loads.
 */
function vendorChunk(id: string, meta: ChunkMeta): string | undefined {
  // The Chinese messages and the contract they quote: loaded at start like the vendor chunks, but
  // kept out of the entry so that a new screen's messages do not push the entry past the budget. The contract
  // gets its own chunk so that the messages do not import the entry back (no cycle between start chunks).
  if (id.includes('/packages/contract/')) return 'contract';
  // English is fetched only when chosen (lib/i18n `loadLanguage`): a lazy chunk of its own, not the start one.
  if (id.includes('/apps/web/src/locales/en-US/')) return 'locales-en-US';
  if (id.includes('/apps/web/src/locales/')) return 'locales';
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor-react';
  // antd is left to Rollup, so that each lazy page carries only the components it uses.
  if (/\/node_modules\/(antd|@ant-design|@rc-component|rc-[^/]+)\//.test(id)) return undefined;
  if (/\/node_modules\/(i18next|react-i18next|dayjs)\//.test(id)) return 'vendor-i18n';
  eagerModules ??= modulesLoadedAtStart(meta);
  return eagerModules.has(id) ? 'vendor' : undefined;
}

/**
 * The mock layer's service worker (msw), served and emitted only in a mock build (`VITE_CUBE_MOCK=true`), so
 * a normal build ships neither the worker nor msw itself.
 */
const MOCK_LAYER = process.env.VITE_CUBE_MOCK === 'true';
function mockServiceWorker(): Plugin {
  const file = fileURLToPath(new URL('./mock/mockServiceWorker.js', import.meta.url));
  return {
    name: 'cube-mock-worker',
    configureServer(server) {
      if (!MOCK_LAYER) return;
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(readFileSync(file));
      });
    },
    generateBundle() {
      if (MOCK_LAYER)
        this.emitFile({
          type: 'asset',
          fileName: 'mockServiceWorker.js',
          source: readFileSync(file, 'utf8'),
        });
    },
  };
}

/** Largest minified JavaScript chunk the build accepts (bundle budgets are checked by the build, not by review). */
const CHUNK_BUDGET_KB = 600;

/** Fails the build when a chunk outgrows the budget, instead of printing a warning nobody reads. */
function bundleBudget(): Plugin {
  return {
    name: 'cube-bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const over = Object.values(bundle)
        .filter((item) => item.type === 'chunk')
        .map((chunk) => ({ name: chunk.fileName, kb: Buffer.byteLength(chunk.code) / 1000 }))
        .filter((chunk) => chunk.kb > CHUNK_BUDGET_KB);
      if (over.length > 0) {
        this.error(
          `bundle budget exceeded (${CHUNK_BUDGET_KB} kB per chunk): ${over.map((c) => `${c.name} ${c.kb.toFixed(0)} kB`).join(', ')}`,
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    bundleBudget(),
    mockServiceWorker(),
    {
      name: 'cube-fresh-chunk-map',
      buildStart() {
        eagerModules = undefined;
      },
    },
  ],
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: CHUNK_BUDGET_KB,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place as annotations; harmless and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
  },
});
