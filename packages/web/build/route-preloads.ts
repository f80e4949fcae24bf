import path from 'node:path';
import zlib from 'node:zlib';
import type { RoutePreloads } from '@klubovna/shared';
import type { Plugin, Rollup } from 'vite';
import {
  FORM_FRAME_SOURCE,
  SCREEN_TABLE,
  SHELL_SOURCE,
  sourcesOfScreen,
  ZONE_SOURCES,
} from '../src/app/screen-table.ts';

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
 * Writes `route-preloads.json` beside index.html (RoutePreloads): for every screen the app writes and
 * for the generic list and form screens, the JavaScript and CSS of its layout and zone that the entry
 * does not load already, with each file's compressed size. The server names them in the index.html it
 * sends for a route (`<link rel="modulepreload">`, see preloadsOfRoute), so the browser fetches a
 * screen's code while the entry loads and runs, not after the router asked for it. Fails the build
 * when the shell or a zone of ZONE_SOURCES is no chunk of its own (an `import()` must name its file
 * literally for the bundler to split it off).
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
      const bytes: RoutePreloads['bytes'] = {};
      for (const source of [SHELL_SOURCE, FORM_FRAME_SOURCE, ...Object.values(ZONE_SOURCES)]) {
        const chunk = bySource.get(source);
        if (!chunk) this.error(`route preloads: ${source} is not a chunk of its own`);
        const js = withStaticImports(chunk, byFile).filter((file) => !atStart.has(file));
        const css = js.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        chunkFiles[source] = { js, css };
        for (const file of [...js, ...css]) {
          const item = bundle[file];
          bytes[file] ??= zlib.gzipSync(item?.type === 'chunk' ? item.code : (item?.source ?? '')).length;
        }
      }
      const screens: RoutePreloads['screens'] = Object.fromEntries(
        SCREEN_TABLE.map((screen) => [
          screen.name,
          {
            sources: sourcesOfScreen(screen.layout, screen.zone, screen.form),
            shell: screen.layout === 'shell',
            answers: [...(screen.answers ?? [])],
            ...(screen.form ? { form: true as const } : {}),
          },
        ]),
      );
      const generic = {
        list: sourcesOfScreen('shell', 'entityList'),
        form: sourcesOfScreen('shell', 'entityForm', true),
      };
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify({ screens, generic, chunks: chunkFiles, bytes } satisfies RoutePreloads),
      });
    },
  };
}
