import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/** The two colour schemes: the body carries exactly one of them as a class. */
export type ColorScheme = 'light' | 'dark';

/** Local-storage key of the stored choice. */
export const COLOR_SCHEME_STORAGE_KEY = 'theme';

/** Used when nothing is stored and the system states no preference. */
export const DEFAULT_COLOR_SCHEME: ColorScheme = 'light';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isColorScheme(value: unknown): value is ColorScheme {
  return value === 'light' || value === 'dark';
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredColorScheme(storage: Storage | null = safeStorage()): ColorScheme | null {
  try {
    const value = storage?.getItem(COLOR_SCHEME_STORAGE_KEY);
    return isColorScheme(value) ? value : null;
  } catch {
    return null;
  }
}

export function systemColorScheme(): ColorScheme | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  const dark = window.matchMedia(DARK_QUERY);
  if (dark.matches) return 'dark';
  const light = window.matchMedia('(prefers-color-scheme: light)');
  return light.matches ? 'light' : null;
}

/** Stored choice first, then the system preference, otherwise light. */
export function resolveColorScheme(): ColorScheme {
  return readStoredColorScheme() ?? systemColorScheme() ?? DEFAULT_COLOR_SCHEME;
}

/** Puts exactly one of `light` / `dark` on <body>. */
export function applyColorSchemeClass(scheme: ColorScheme, body: HTMLElement = document.body): void {
  body.classList.remove(scheme === 'light' ? 'dark' : 'light');
  body.classList.add(scheme);
}

/**
 * Mantine's colour-scheme manager bent to our rules: the value lives under `theme`, only `light` and
 * `dark` are ever stored, and with nothing stored Mantine gets `auto`, i.e. it follows the system.
 */
export function createColorSchemeManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue: MantineColorScheme) => readStoredColorScheme() ?? defaultValue,
    set: (value: MantineColorScheme) => {
      const storage = safeStorage();
      try {
        if (isColorScheme(value)) storage?.setItem(COLOR_SCHEME_STORAGE_KEY, value);
        else storage?.removeItem(COLOR_SCHEME_STORAGE_KEY);
      } catch {
        // Private mode or a full quota: the choice simply is not remembered.
      }
    },
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (event.key !== COLOR_SCHEME_STORAGE_KEY) return;
        onUpdate(isColorScheme(event.newValue) ? event.newValue : 'auto');
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
      onStorage = null;
    },
    clear: () => {
      try {
        safeStorage()?.removeItem(COLOR_SCHEME_STORAGE_KEY);
      } catch {
        // Nothing to clear when storage is unavailable.
      }
    },
  };
}
