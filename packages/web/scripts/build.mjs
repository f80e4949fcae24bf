#!/usr/bin/env node
// `npm run build`: a production build whatever NODE_ENV the caller has (test runners set `test`,
// which would make Vite bundle React's development builds).
import { build } from 'vite';

process.env.NODE_ENV = 'production';
await build({ configFile: new URL('../vite.config.ts', import.meta.url).pathname, mode: 'production' });
