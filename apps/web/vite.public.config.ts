import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

/**
 * The public website's own build, apart from the console's: a small client entry that hydrates the
 * server-rendered pages (React only — never antd or the console's code), and with `--ssr` the renderer the server
 * loads from `dist-ssr/`. The client chunks land beside the console's in `dist/assets/` (hashed, so they never
 * collide) with their own manifest, which the server reads to link them.
 */
const SOURCE_CONDITION = 'cube-source';

/** Largest gzip size of the public home's initial JavaScript (checked by `scripts/bench/public-page.mjs`). */
export const PUBLIC_JS_BUDGET_KB = 100;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        target: 'node20',
        rollupOptions: {
          input: 'src/public/entry-server.tsx',
          output: { entryFileNames: 'entry-server.js' },
        },
      }
    : {
        outDir: 'dist',
        emptyOutDir: false,
        target: 'es2022',
        manifest: '.vite/site-manifest.json',
        rollupOptions: {
          input: 'src/public/entry-client.tsx',
          output: {
            entryFileNames: 'assets/site-[hash].js',
            chunkFileNames: 'assets/site-[name]-[hash].js',
            assetFileNames: 'assets/site-[name]-[hash][extname]',
          },
        },
      },
}));
