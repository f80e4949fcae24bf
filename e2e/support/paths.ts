import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const WEB_DIR = path.join(REPO_ROOT, 'packages', 'web');
export const WEB_DIST = path.join(WEB_DIR, 'dist');
