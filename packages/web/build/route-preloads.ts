import path from 'node:path';
import zlib from 'node:zlib';
import { ROUTES } from '@klubovna/shared';
import type { Plugin, Rollup } from 'vite';
import {
  firstAnswersOfRoute,
  formOfRoute,
  listOfRoute,
  SHELL_SOURCE,
  sourcesOfRoute,
  ZONE_SOURCES,
} from '../src/app/screen-table.ts';

/** What `route-preloads.json` holds: the lazy modules of each route, and the files of each module. */
export interface RoutePreloads {
  /** Source paths (`src/zones/auth/auth.zone.ts`) by route name. */
  routes: Record<string, string[]>;
  /** The routes whose code is fetched at the entry's priority; the others' after it (`fetchpriority=low`). */
  urgent: string[];
  /** By source path: its chunk's files and their static imports, as index.html names files (`assets/…`). */
  chunks: Record<string, { js: string[]; css: string[] }>;
  /** By route name: the API paths its screen asks for first (firstAnswersOfRoute), if any. */
  answers: Record<string, string[]>;
  /** By route name: the entity of the generic list it shows (listOfRoute), if it shows one. */
  lists: Record<string, string>;
  /** By route name: the entity of the engine's form it shows (formOfRoute), if it shows one. */
  forms: Record<string, string>;
}

/**
 * A route's code up to this many bytes (gzip) is fetched beside the entry at its priority; more would
 * compete with the entry and the styles for a slow link, and is fetched after them. Measured with
 * Lighthouse's slow 4G: the sign-in page's 19 KiB at the entry's priority made its largest contentful
 * paint 0.6 s sooner; the members list's 70 KiB (shell and list screen) at that priority made its first
 * paint 0.8 s later, and at low priority 0.9 s sooner than without it (its rows on localhost ~150 ms).
 */
const URGENT_BUDGET_BYTES = 24 * 1024;

/** A chunk and every chunk it imports statically, in load order. */
function withStaticImports(chunk: Rollup.OutputChunk, byFile: Map<string, Rollup.OutputChunk>): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  visit(chunk.fileName);
  return [...seen];
}

/**
 * Writes `route-preloads.json` beside index.html: for every route with a screen, the JavaScript and CSS
 * of its layout and zone that the entry does not load already, and which routes' code is small enough to
 * be fetched at the entry's priority (URGENT_BUDGET_BYTES). The server names them in the index.html it sends
 * for that route (`<link rel="modulepreload">`), so the browser fetches a screen's code while the entry
 * loads and runs, not after the router asked for it; and the API answers each route's screen asks for
 * first (firstAnswersOfRoute). Fails the build when the shell or a zone of ZONE_SOURCES is no chunk of
 * its own (an `import()` must name its file literally for the bundler to split it off).
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'klubovna-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('route preloads: the build has no entry chunk');
      const atStart = new Set(withStaticImports(entry, byFile));
      const bySource = new Map(
        chunks
          .filter((chunk) => chunk.facadeModuleId)
          .map((chunk) => [path.relative(root, chunk.facadeModuleId!).split(path.sep).join('/'), chunk]),
      );
      const chunkFiles: RoutePreloads['chunks'] = {};
      for (const source of [SHELL_SOURCE, ...Object.values(ZONE_SOURCES)]) {
        const chunk = bySource.get(source);
        if (!chunk) this.error(`route preloads: ${source} is not a chunk of its own`);
        const js = withStaticImports(chunk, byFile).filter((file) => !atStart.has(file));
        const css = js.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        chunkFiles[source] = { js, css };
      }
      const gzipped = new Map<string, number>();
      const bytesOf = (file: string) => {
        let bytes = gzipped.get(file);
        if (bytes === undefined) {
          const item = bundle[file];
          const content = item?.type === 'chunk' ? item.code : (item?.source ?? '');
          bytes = zlib.gzipSync(content).length;
          gzipped.set(file, bytes);
        }
        return bytes;
      };
      const routes: RoutePreloads['routes'] = {};
      const urgent: string[] = [];
      const answers: RoutePreloads['answers'] = {};
      const lists: RoutePreloads['lists'] = {};
      const forms: RoutePreloads['forms'] = {};
      for (const route of ROUTES) {
        const sources = sourcesOfRoute(route);
        if (sources.length === 0) continue;
        routes[route.name] = sources;
        const first = firstAnswersOfRoute(route);
        if (first.length > 0) answers[route.name] = first;
        const list = listOfRoute(route);
        if (list) lists[route.name] = list;
        const form = formOfRoute(route);
        if (form) forms[route.name] = form;
        const files = new Set(
          sources.flatMap((source) => [...chunkFiles[source]!.js, ...chunkFiles[source]!.css]),
        );
        const bytes = [...files].reduce((sum, file) => sum + bytesOf(file), 0);
        if (bytes <= URGENT_BUDGET_BYTES) urgent.push(route.name);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify({
          routes,
          urgent,
          chunks: chunkFiles,
          answers,
          lists,
          forms,
        } satisfies RoutePreloads),
      });
    },
  };
}
