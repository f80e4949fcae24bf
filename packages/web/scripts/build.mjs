#!/usr/bin/env node
// `npm run build`: a production build whatever NODE_ENV the caller has (test runners set `test`,
// which would make Vite bundle React's development builds). Notes what it was built from, so that
// `npm start` rebuilds it once a source is newer (scripts/web-build.ts).
import path from 'node:path';
import { build } from 'vite';
import { newestSourceTime, recordBuiltFrom } from '../../../scripts/web-build.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const sources = newestSourceTime(root);
process.env.NODE_ENV = 'production';
await build({ configFile: new URL('../vite.config.ts', import.meta.url).pathname, mode: 'production' });
recordBuiltFrom(root, sources);
