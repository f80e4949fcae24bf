import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chunkTiers } from './build/chunk-tiers.ts';
import { mantineStableIds } from './build/mantine-stable-ids.ts';
import { mantineStyles } from './build/mantine-styles.ts';
import { precompress } from './build/precompress.ts';
import { routePreloads } from './build/route-preloads.ts';
import { themeCssVariablesPlugin } from './build/theme-css-variables.ts';

/** The plugins that transform the app's modules (a first build for chunkTiers runs them too). */
const transforms = () => [mantineStyles(), mantineStableIds(), themeCssVariablesPlugin(), react()];

const apiTarget = process.env.KLUBOVNA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [...transforms(), chunkTiers(transforms), routePreloads(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: 'hidden',
    target: 'es2022',
    // The biggest lazy chunks (rich-text editor, charts) exceed Vite's default warning size.
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/files': { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.{ts,tsx}'],
    css: false,
    // Whole screens with the real member form (a dozen inputs) typed into by user-event: several
    // seconds on a busy two-core machine.
    testTimeout: 20_000,
  },
});
