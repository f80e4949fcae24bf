import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { permissionsTable } from '../packages/shared/src/permissions/matrix-table.ts';

const DOC = path.resolve(import.meta.dirname, '../docs/permissions.md');

describe('the permissions documentation', () => {
  it('holds the table of the matrix the code runs by (regenerate: npm run docs:permissions)', () => {
    expect(fs.readFileSync(DOC, 'utf8')).toContain(permissionsTable());
  });
});
