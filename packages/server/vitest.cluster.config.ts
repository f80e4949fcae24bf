import { defineConfig } from 'vitest/config';

/** `npm run test:cluster` (scripts/test-cluster.mjs): the cluster test alone, not part of the server suite. */
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['src/cluster/*.cluster.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
