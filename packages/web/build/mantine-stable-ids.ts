import type { Plugin } from 'vite';

/** Mantine's `useId` (@mantine/hooks), the module this plugin replaces. */
const USE_ID_MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
/** What identifies the module as the one described below; a Mantine release without it stops the build. */
const RECOGNISED = ['setUuid(randomId())', 'export { useId$1 as useId }'];

/** The same first id Mantine's hook gives, kept for the component's life. */
export const STABLE_USE_ID = `import { useId as useReactId } from "react";
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === "string" ? staticId : \`mantine-\${reactId.replace(/:/g, "")}\`;
}
`;

/**
 * Mantine's `useId` renders with React's id, then replaces it with a random one in a layout effect
 * after mount (a leftover from before React had ids of its own). Every input, label and popover of a
 * form therefore renders twice as the form first appears, the second time synchronously inside the
 * first commit's task: on a phone the member form's longest task grew by a third. The build serves
 * the hook without that replacement; the ids stay unique per React root, as React's own are.
 *
 * The dev server pre-bundles Mantine without passing its modules through here, so there the ids
 * still change once after mount.
 */
export function mantineStableIds(): Plugin {
  return {
    name: 'klubovna-mantine-stable-ids',
    enforce: 'pre',
    transform(code, id) {
      if (!USE_ID_MODULE.test(id)) return undefined;
      return { code: stableUseId(code, id), map: null };
    },
  };
}

/** The replacement of Mantine's `useId` module `code`; throws when `code` is not the expected hook. */
export function stableUseId(code: string, id: string): string {
  const missing = RECOGNISED.filter((part) => !code.includes(part));
  if (missing.length > 0)
    throw new Error(
      `${id}: Mantine's useId has changed (missing ${missing.join(', ')}); check build/mantine-stable-ids.ts against it.`,
    );
  return STABLE_USE_ID;
}
