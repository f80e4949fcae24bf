import path from 'node:path';
import { build, type Plugin, type PluginOption, type Rollup } from 'vite';
import { FORM_FRAME_SOURCE, SHELL_SOURCE, ZONE_SOURCES } from '../src/app/screen-table.ts';

/**
 * The tiers of code a visit meets in order, each named by the modules it starts from: the entry (every
 * page), the sign-in screens, the signed-in shell with the CMS index and the form screens' frame, the
 * generic list screen, the
 * dialogs and a list's column filters (both loaded on first use), the generic form screen. A tier is the
 * code its roots load statically that no earlier tier loads.
 */
const TIERS: readonly { name: string; roots: readonly string[]; also?: RegExp }[] = [
  { name: 'start', roots: ['index.html'] },
  { name: 'sign-in', roots: [ZONE_SOURCES.auth] },
  {
    name: 'shell',
    roots: [SHELL_SOURCE, ZONE_SOURCES.account, FORM_FRAME_SOURCE],
    // Every signed-in screen's heading (with the breadcrumbs of its way back), and the attendance's
    // segmented control: screens that show no list or filter would otherwise load their code for them.
    also: /\/src\/engine\/pages\/page-header\.tsx$|\/@mantine\/core\/esm\/components\/(Breadcrumbs|SegmentedControl)\//,
  },
  { name: 'lists', roots: [ZONE_SOURCES.entityList] },
  { name: 'dialogs', roots: ['src/ui/modal/modal-host.tsx'] },
  { name: 'filters', roots: ['src/engine/datagrid/column-filter.tsx'] },
  { name: 'forms', roots: [ZONE_SOURCES.entityForm] },
];

/** The modules the app imports lazily by name: each stays a chunk of its own (route-preloads.ts). */
const LAZY_ROOTS = [SHELL_SOURCE, FORM_FRAME_SOURCE, ...Object.values(ZONE_SOURCES)];

/**
 * Each tier's modules by id, read from a first build split as the bundler splits by default: a chunk
 * belongs to the first tier whose roots' chunks import it statically, or to the tier whose `also` names
 * it, wherever it is. Reading the split rather than
 * the import graph counts only the code left after tree shaking (the graph reaches all of Mantine
 * through its index module).
 */
function tiersOfModules(output: Rollup.RollupOutput, root: string): Map<string, string> {
  const chunks = output.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const bySource = new Map(
    chunks
      .filter((chunk) => chunk.facadeModuleId)
      .map((chunk) => [path.relative(root, chunk.facadeModuleId!).split(path.sep).join('/'), chunk]),
  );
  const lazyRoots = new Set(LAZY_ROOTS.map((source) => path.join(root, source)));
  const tierOf = new Map<string, string>();
  const claimed = new Set<string>();
  for (const tier of TIERS) {
    const pending = tier.roots.map((source) => bySource.get(source)?.fileName ?? '');
    while (pending.length > 0) {
      const chunk = byFile.get(pending.pop()!);
      if (!chunk || claimed.has(chunk.fileName)) continue;
      claimed.add(chunk.fileName);
      for (const id of chunk.moduleIds) if (!lazyRoots.has(id)) tierOf.set(id, tier.name);
      pending.push(...chunk.imports);
    }
  }
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const pinned = TIERS.find((tier) => tier.also?.test(id));
      if (pinned) tierOf.set(id, pinned.name);
    }
  }
  return tierOf;
}

/**
 * Puts each tier's code (Mantine's components, the app's UI kit and engine) into one chunk with one
 * stylesheet, instead of the dozens of small chunks the bundler splits it into by which lazy modules
 * share it. On a phone's link every file costs a round trip before its bytes (150 ms on Lighthouse's
 * slow 4G, six connections at a time), and that is worth more than a few kilobytes of code a page does
 * not run. Code that only zones use is split as the bundler does. Needs a first build to know the tiers
 * (the build's plugins that transform modules, `plugins`), so a build takes about twice as long.
 */
export function chunkTiers(plugins: () => PluginOption[]): Plugin {
  return {
    name: 'klubovna-chunk-tiers',
    apply: 'build',
    async config(config) {
      const root = config.root ?? process.cwd();
      const output = (await build({
        configFile: false,
        root,
        base: config.base,
        mode: config.mode,
        logLevel: 'silent',
        plugins: plugins(),
        build: { write: false, target: config.build?.target },
      })) as Rollup.RollupOutput;
      const tierOf = tiersOfModules(output, root);
      const groups = TIERS.map((tier, index) => ({
        name: tier.name,
        priority: TIERS.length - index,
        test: (id: string) => tierOf.get(id) === tier.name,
      }));
      return { build: { rolldownOptions: { output: { codeSplitting: { groups } } } } };
    },
  };
}
