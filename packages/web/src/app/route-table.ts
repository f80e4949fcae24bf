import { APP_BASENAME } from '../ui/navigation/app-path.ts';

export { findRoute } from '@klubovna/shared';

/**
 * The react-router path of a table route: without the `/admin` basename, `[id]` → `:id`,
 * `[...rest]` and `[[...rest]]` → `*`.
 */
export function toRouterPath(path: string): string {
  const relative = path.startsWith(APP_BASENAME) ? path.slice(APP_BASENAME.length) : path;
  return relative
    .replace(/^\//, '')
    .replace(/\[\[\.\.\.[^\]]+\]\]|\[\.\.\.[^\]]+\]/g, '*')
    .replace(/\[([^\]]+)\]/g, ':$1');
}
