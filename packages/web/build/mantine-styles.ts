import type { Plugin } from 'vite';

/** A module of Mantine's component code that takes a component's class names. */
const MANTINE_CORE_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*\.mjs$/;
/** `import X from "./Button.module.mjs"` (or from a sibling folder): the component's class names. */
const CLASS_NAMES_IMPORT = /from\s*["'][^"']*?\/([A-Za-z]+)\.module\.mjs["']/g;
/** Where the app asks for all of Mantine's component styles (dev only, see below). */
const ENTRY = /[\\/]src[\\/]main\.tsx$/;

/**
 * Mantine's component styles travel with the components' code: every Mantine module that uses a
 * component's class names (`Button.module.mjs`) gets that component's stylesheet
 * (`@mantine/core/styles/Button.layer.css`) as an import after its own. Vite then puts each stylesheet
 * into the chunk of the code that uses it, so a screen loads the styles of the components it renders,
 * not the whole library's (about 250 kB), and a component's styles follow those of the components it
 * is built from, as in Mantine's own file. The base styles (baseline, variables, global) are imported by
 * `main.tsx`.
 *
 * The dev server serves Mantine pre-bundled, where no module of it passes through here: there the entry
 * imports the whole stylesheet instead.
 */
export function mantineStyles(): Plugin {
  let serve = false;
  return {
    name: 'klubovna-mantine-styles',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) {
        return ENTRY.test(id) ? `import '@mantine/core/styles.layer.css';\n${code}` : undefined;
      }
      if (!MANTINE_CORE_MODULE.test(id)) return undefined;
      const components = new Set([...code.matchAll(CLASS_NAMES_IMPORT)].map((match) => match[1]));
      if (components.size === 0) return undefined;
      const imports = [...components].map((name) => `import "@mantine/core/styles/${name}.layer.css";`);
      return { code: `${code}\n${imports.join('\n')}\n`, map: null };
    },
  };
}
