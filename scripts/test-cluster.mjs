// `npm run test:cluster`: three instances on one PostgreSQL behind HAProxy under load, while one is
// killed and another restarted (packages/server/src/cluster). Needs TEST_DATABASE_URL and haproxy.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!process.env.TEST_DATABASE_URL) {
  console.error('test:cluster needs TEST_DATABASE_URL (a PostgreSQL database the test may add schemas to).');
  process.exit(1);
}
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'packages/server/vitest.cluster.config.ts', '--reporter=default'],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
