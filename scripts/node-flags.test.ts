import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../packages/server/src/node-flags.ts';

const root = path.resolve(import.meta.dirname, '..');
const startScript = (packageJson: string) =>
  JSON.parse(fs.readFileSync(path.join(root, packageJson), 'utf8')).scripts.start as string;

describe("the server's Node flags", () => {
  it.each(['package.json', 'packages/server/package.json'])('are those npm start runs in %s', (file) => {
    expect(startScript(file)).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} `);
  });
});
