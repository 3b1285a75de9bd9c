import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      // antd forms and whole-app renders under jsdom are slow on a busy two-core machine (the router's sign-in
      // walks took 8–14 s there).
      testTimeout: 30_000,
    },
  }),
);
