import { API_PATHS, formFirstAnswers, listFirstAnswers } from '../api/paths.ts';
import type { RouteDefinition } from './route-definition.ts';

/**
 * What the web build writes in `route-preloads.json` beside index.html: the code of each screen the app
 * writes and of the engine's generic list and form screens, which the server names in the page it sends
 * for a route (preloadsOfRoute), so the browser fetches a screen's code while the entry loads and runs.
 * Routes are matched by the server, which knows its entities' screens; the build knows only the code.
 */
export interface RoutePreloads {
  /** By route name, the screens the app writes (its screen table). */
  screens: Record<string, WrittenScreenPreloads>;
  /** The source paths of the generic screens an entity route without a written screen shows. */
  generic: { list: string[]; form: string[] };
  /** By source path: its chunk's files and their static imports the entry does not load, as `assets/…`. */
  chunks: Record<string, { js: string[]; css: string[] }>;
  /** Each file's size compressed (gzip), in bytes. */
  bytes: Record<string, number>;
}

export interface WrittenScreenPreloads {
  /** Source paths of its lazy modules (`src/zones/auth/auth.zone.ts`), the shell's first if it has it. */
  sources: string[];
  /** It renders in the signed-in shell (which asks for the signed-in user first). */
  shell: boolean;
  /** API paths (GET) it asks for first besides the user. */
  answers: string[];
  /** It is the engine's form of its route's entity (it asks for the form's schema and record). */
  form?: true;
}

/**
 * A route's code up to this many bytes (gzip) is fetched beside the entry at its priority; more would
 * compete with the entry and the styles for a slow link, and is fetched after them. Measured with
 * Lighthouse's slow 4G: the sign-in page's 19 KiB at the entry's priority made its largest contentful
 * paint 0.6 s sooner; the members list's 70 KiB (shell and list screen) at that priority made its first
 * paint 0.8 s later, and at low priority 0.9 s sooner than without it (its rows on localhost ~150 ms).
 */
export const URGENT_BUDGET_BYTES = 24 * 1024;

/** What the page of a route names for the browser to fetch early. */
export interface RouteFiles {
  js: string[];
  css: string[];
  /** Small enough to be fetched at the entry's priority (URGENT_BUDGET_BYTES). */
  urgent: boolean;
  /** For a signed-in visitor: the API paths the screen asks for first. */
  answers: string[];
  /** The entity of the generic list it shows, if it shows one (its first page depends on the visitor). */
  list?: string;
  /** The entity of the engine's form it shows, if it shows one (its record depends on `?id=`). */
  form?: string;
}

/** The sources of a route's screen and what it asks for first; none for a route without a screen. */
function screenOfRoute(
  preloads: RoutePreloads,
  route: RouteDefinition,
): { sources: string[]; answers: string[]; list?: string; form?: string } | undefined {
  const written = preloads.screens[route.name];
  if (written) {
    const form = written.form ? route.entity : undefined;
    const answers = written.shell
      ? [API_PATHS.currentUser, ...(form ? formFirstAnswers(form) : []), ...written.answers]
      : [];
    return { sources: written.sources, answers, ...(form ? { form } : {}) };
  }
  if (!route.entity) return undefined;
  if (route.name.endsWith('.list'))
    return {
      sources: preloads.generic.list,
      answers: [API_PATHS.currentUser, ...listFirstAnswers(route.entity)],
      list: route.entity,
    };
  return {
    sources: preloads.generic.form,
    answers: [API_PATHS.currentUser, ...formFirstAnswers(route.entity)],
    form: route.entity,
  };
}

/** The files and first answers of a route's screen (see RouteFiles); undefined without a screen. */
export function preloadsOfRoute(preloads: RoutePreloads, route: RouteDefinition): RouteFiles | undefined {
  const screen = screenOfRoute(preloads, route);
  if (!screen) return undefined;
  const chunks = screen.sources.map((source) => preloads.chunks[source] ?? { js: [], css: [] });
  const js = [...new Set(chunks.flatMap((chunk) => chunk.js))];
  const css = [...new Set(chunks.flatMap((chunk) => chunk.css))];
  const bytes = [...js, ...css].reduce((sum, file) => sum + (preloads.bytes[file] ?? 0), 0);
  const { sources: _sources, ...rest } = screen;
  return { js, css, urgent: bytes <= URGENT_BUDGET_BYTES, ...rest };
}
