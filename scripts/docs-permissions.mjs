// `npm run docs:permissions`: writes the permission matrix's table into docs/permissions.md, between
// its markers (lint/permissions-doc.test.ts fails while the two differ).
import './require-node.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { permissionsTable } from '../packages/shared/src/permissions/matrix-table.ts';

const file = path.resolve(import.meta.dirname, '../docs/permissions.md');
const text = fs.readFileSync(file, 'utf8');
const start = '<!-- matrix:start -->';
const end = '<!-- matrix:end -->';
const before = text.slice(0, text.indexOf(start) + start.length);
const after = text.slice(text.indexOf(end));
fs.writeFileSync(file, `${before}\n${permissionsTable()}\n${after}`);
console.log(`docs/permissions.md: the matrix's table written`);
