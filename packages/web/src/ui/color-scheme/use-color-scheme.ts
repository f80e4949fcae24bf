import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { use, useCallback, useEffect } from 'react';
import { UiKitContext } from '../provider/ui-kit.context.ts';
import { applyColorSchemeClass, type ColorScheme, DEFAULT_COLOR_SCHEME } from './color-scheme.ts';

export interface ColorSchemeControls {
  /** The scheme in effect: the stored choice, else the system preference, else light. */
  colorScheme: ColorScheme;
  setColorScheme: (scheme: ColorScheme) => void;
  toggleColorScheme: () => void;
}

export function useColorScheme(): ColorSchemeControls {
  if (!use(UiKitContext)) {
    throw new Error('useColorScheme() must be used inside <UiKitProvider>.');
  }
  const { setColorScheme } = useMantineColorScheme();
  const colorScheme = useComputedColorScheme(DEFAULT_COLOR_SCHEME, { getInitialValueInEffect: false });
  const toggleColorScheme = useCallback(
    () => setColorScheme(colorScheme === 'dark' ? 'light' : 'dark'),
    [colorScheme, setColorScheme],
  );
  return { colorScheme, setColorScheme, toggleColorScheme };
}

/** Keeps the class on <body> in step with the scheme in effect (including system changes). */
export function ColorSchemeBodyClass(): null {
  const { colorScheme } = useColorScheme();
  useEffect(() => applyColorSchemeClass(colorScheme), [colorScheme]);
  return null;
}
