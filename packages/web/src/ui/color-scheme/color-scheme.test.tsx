import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUiKit } from '../../test/render.tsx';
import { COLOR_SCHEME_STORAGE_KEY, resolveColorScheme } from './color-scheme.ts';
import { useColorScheme } from './use-color-scheme.ts';

function preferDark(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('dark') ? dark : !dark,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function Toggle() {
  const { colorScheme, toggleColorScheme } = useColorScheme();
  return (
    <button type="button" onClick={toggleColorScheme}>
      {colorScheme}
    </button>
  );
}

describe('colour scheme', () => {
  it('uses the stored choice over the system preference', () => {
    preferDark(false);
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    renderWithUiKit(<Toggle />);
    expect(screen.getByRole('button')).toHaveTextContent('dark');
    expect(document.body).toHaveClass('dark');
    expect(document.body).not.toHaveClass('light');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  it('follows the system preference when nothing is stored', () => {
    preferDark(true);
    renderWithUiKit(<Toggle />);
    expect(screen.getByRole('button')).toHaveTextContent('dark');
    expect(document.body).toHaveClass('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBeNull();
  });

  it('is light when the system prefers light', () => {
    preferDark(false);
    renderWithUiKit(<Toggle />);
    expect(document.body).toHaveClass('light');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
  });

  it('is light when nothing is stored and the system states no preference', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as never,
    );
    expect(resolveColorScheme()).toBe('light');
  });

  it('ignores stored values other than light and dark', () => {
    preferDark(false);
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'auto');
    expect(resolveColorScheme()).toBe('light');
    renderWithUiKit(<Toggle />);
    expect(document.body).toHaveClass('light');
  });

  it('toggles, stores the choice under "theme" and switches the body class', () => {
    preferDark(false);
    renderWithUiKit(<Toggle />);
    act(() => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(document.body).toHaveClass('dark');
    expect(document.body).not.toHaveClass('light');
    act(() => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
    expect(document.body).toHaveClass('light');
  });

  it('throws a clear error outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Toggle />)).toThrow(/useColorScheme\(\) must be used inside <UiKitProvider>/);
  });
});
