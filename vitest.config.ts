import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time: most server tests wait on their server process and PostgreSQL, not on a core.
    maxWorkers: 2,
    projects: [
      { test: { name: 'lint', root: 'lint', include: ['*.test.ts'] } },
      { test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'] } },
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './packages/web/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // After the other projects, alone: a real browser wants the machine to itself.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          // A real browser on a busy two-core machine: waiting for what a person would wait for.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
