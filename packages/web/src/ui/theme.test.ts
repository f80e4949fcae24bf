import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, cssVariablesResolver, theme } from './theme.ts';

describe('theme colours', () => {
  const resolved = { ...DEFAULT_THEME, ...theme, colors: DEFAULT_THEME.colors } as typeof DEFAULT_THEME;
  const light = cssVariablesResolver(resolved).light;

  it('writes every colour’s light variant (alerts, light badges, the active navigation link) at 4.5:1 or more in the light scheme, under the pointer too', () => {
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      const text = light[`--mantine-color-${name}-light-color`] ?? shades[9];
      expect(contrast(text, shades[1]), name).toBeGreaterThanOrEqual(4.5);
      // --mantine-color-<name>-light-hover is shade 2 in the light scheme.
      expect(contrast(text, shades[2]), `${name} under the pointer`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes every colour’s text (c="green", a password’s strength) at 4.5:1 or more on the page', () => {
    for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
      const text = light[`--mantine-color-${name}-text`] ?? shades[8];
      expect(contrast(text, '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
