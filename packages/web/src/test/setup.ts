import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearPrefetched } from '../api/prefetch-store.ts';
import { declareEntities } from './render-app.tsx';
import { DECLARED_ALIASES } from './server-schemas.ts';

// Lazy zones and Mantine's first render can take over a second on a busy two-core CI machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs; Mantine relies on them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: true,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

// Mantine's autosizing textarea listens for web fonts loading.
if (!document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// The datagrid scrolls its table back into view when the page changes.
if (!Element.prototype.scrollTo) {
  Element.prototype.scrollTo = () => {};
}

if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

// The screens of every entity the server declares, as the app registers them at start.
declareEntities(DECLARED_ALIASES);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  // Each test renders a new app; answers one prefetched must not reach the next.
  clearPrefetched();
  document.body.className = '';
  document.body.removeAttribute('style');
});
