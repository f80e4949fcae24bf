/**
 * The Node flags the server runs with: V8's young generation held to semispaces of 4 MiB, and `gc()`
 * for the last-resort collection after heavy work (docs/performance.md). npm's `start` scripts write
 * them out as npm runs them (scripts/node-flags.test.ts checks that both agree with this list); the
 * test harness and the bench start their servers with this list.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--expose-gc'] as const;
