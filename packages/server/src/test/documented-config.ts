import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const OPERATIONS = path.resolve(import.meta.dirname, '../../../../docs/operations.md');

/** The config block of docs/operations.md fenced as `language`: what the test runs is what is documented. */
export function documentedConfig(language: string): string {
  const text = fs.readFileSync(OPERATIONS, 'utf8');
  const block = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(text)?.[1];
  if (!block) throw new Error(`docs/operations.md has no ${language} block`);
  return block;
}

/** Whether `command` is on the PATH (nginx, haproxy: Debian packages CI installs). */
export const installed = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
};
