import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../src/ui/theme.ts';
import { defaultsWhenAsked, themeCssVariables } from './theme-css-variables.ts';

const DEFAULTS_MODULE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/core')),
  '../esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs',
);

describe("the theme's CSS variables made at build time", () => {
  it('are what Mantine writes into the page for the same theme', () => {
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <span />
      </MantineProvider>,
    );
    const written = document.querySelector('style[data-mantine-styles="true"]')?.textContent;
    expect(written).toBeTruthy();
    expect(themeCssVariables()).toBe(`${written}\n`);
  });

  it("hold the theme's own readable colours for each scheme", () => {
    const css = themeCssVariables();
    const light = /data-mantine-color-scheme="light"\]\)\{([^}]*)\}/.exec(css)?.[1] ?? '';
    const dark = /data-mantine-color-scheme="dark"\]\)\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(light).toContain('--mantine-color-dimmed: #687078');
    expect(dark).toContain('--mantine-color-dimmed: #a3a3a3');
    // Filled buttons in shade 8, where white text reads at 5:1 (Mantine's default is shade 6).
    expect(css).toContain('--mantine-color-blue-filled: var(--mantine-color-blue-8)');
  });

  it("leaves Mantine's defaults to their first use, and stops at a module it does not know", () => {
    const code = fs.readFileSync(DEFAULTS_MODULE, 'utf8');
    const deferred = defaultsWhenAsked(code, DEFAULTS_MODULE);
    expect(deferred).toContain('let defaultCssVariables;');
    expect(deferred).toContain('defaultCssVariables ??= defaultCssVariablesResolver(DEFAULT_THEME);');
    expect(deferred).not.toContain('const defaultCssVariables = ');
    expect(() => defaultsWhenAsked(code.replace('DEFAULT_THEME);', 'THEME);'), 'x.mjs')).toThrow(
      /has changed/,
    );
  });
});
