import { type RenderOptions, type RenderResult, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { UiKitProvider } from '../ui/provider/ui-kit-provider.tsx';

/** Renders inside the UI kit with Mantine's test environment (no transitions, no portals). */
export function renderWithUiKit(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>): RenderResult {
  return render(ui, {
    ...options,
    wrapper: ({ children }: { children: ReactNode }) => <UiKitProvider env="test">{children}</UiKitProvider>,
  });
}

function HookProbe<T>({ useHook, onValue }: { useHook: () => T; onValue: (value: T) => void }) {
  onValue(useHook());
  return null;
}

/** Captures a hook's value from inside the tree so a test can call it: render `element`, then `get()`. */
export function captureHook<T>(useHook: () => T): { element: ReactElement; get: () => T } {
  let value: T | undefined;
  let rendered = false;
  const onValue = (next: T) => {
    value = next;
    rendered = true;
  };
  return {
    element: <HookProbe useHook={useHook} onValue={onValue} />,
    get: () => {
      if (!rendered) throw new Error('The probe has not rendered yet.');
      return value as T;
    },
  };
}
