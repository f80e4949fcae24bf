import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from '../src/ui/theme.ts';

/** The stylesheet of the theme's CSS variables, as `main.tsx` imports it. */
const THEME_CSS_MODULE = 'virtual:klubovna-theme-variables.css';
const RESOLVED_THEME_CSS = `\0${THEME_CSS_MODULE}`;

/** Mantine's module that computes its default theme's variables when it is loaded. */
const DEFAULTS_MODULE =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/;
const DEFAULTS_AT_LOAD = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
const DEFAULTS_USED = 'function removeDefaultVariables(input) {';

/**
 * The CSS variables of the app's theme (its colours, shades and the readable text colours of
 * theme.ts) as Mantine writes them into the page: what its provider would render in a `<style>`
 * element, from the same theme and resolver.
 */
export function themeCssVariables(): string {
  const markup = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver }, createElement('span')),
  );
  const css = /<style data-mantine-styles="true">([^<]*)<\/style>/.exec(markup)?.[1];
  if (!css) throw new Error("build/theme-css-variables.ts: Mantine's provider wrote no CSS variables");
  return `${css}\n`;
}

/**
 * The theme's CSS variables are a stylesheet made at build time, not a `<style>` Mantine computes in
 * the page: its provider worked them out from the theme (a few hundred colour conversions and
 * contrast checks) during the app's first render, and at load it computed its default theme's to leave
 * those out, together a tenth of a phone's first long tasks. The provider is told not to write them
 * (`withCssVariables={false}` in ui-kit-provider.tsx), and Mantine's defaults are computed only if
 * something asks for them. A Mantine release whose module is not the expected one stops the build.
 */
export function themeCssVariablesPlugin(): Plugin {
  return {
    name: 'klubovna-theme-css-variables',
    enforce: 'pre',
    resolveId: (id) => (id === THEME_CSS_MODULE ? RESOLVED_THEME_CSS : undefined),
    load: (id) => (id === RESOLVED_THEME_CSS ? themeCssVariables() : undefined),
    transform(code, id) {
      if (!DEFAULTS_MODULE.test(id)) return undefined;
      return { code: defaultsWhenAsked(code, id), map: null };
    },
  };
}

/** Mantine's module `code` with its default variables computed at their first use, not at load. */
export function defaultsWhenAsked(code: string, id: string): string {
  if (!code.includes(DEFAULTS_AT_LOAD) || !code.includes(DEFAULTS_USED))
    throw new Error(
      `${id}: Mantine's default CSS variables module has changed; check build/theme-css-variables.ts against it.`,
    );
  return code
    .replace(DEFAULTS_AT_LOAD, 'let defaultCssVariables;')
    .replace(
      DEFAULTS_USED,
      `${DEFAULTS_USED}\n\tdefaultCssVariables ??= defaultCssVariablesResolver(DEFAULT_THEME);`,
    );
}
