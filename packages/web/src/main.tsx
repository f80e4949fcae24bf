// Mantine's base styles (in its cascade layer, so our own styles always win); each component's styles
// come with the chunk of the code that uses it (build/mantine-styles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './app/global.css';
// The theme's colours as CSS variables, made at build time (build/theme-css-variables.ts).
import 'virtual:klubovna-theme-variables.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadApiClient } from './api/api.ts';
import { createAppRouter } from './app/router.tsx';
import { startEntityScreens } from './app/screens.ts';
import { startErrorTracking } from './app/start-error-tracking.ts';
import { applyColorSchemeClass, resolveColorScheme } from './ui/color-scheme/color-scheme.ts';
import { UiKitProvider } from './ui/provider/ui-kit-provider.tsx';
import { RouterProvider } from './ui/routing/router.tsx';

// The body class before the first paint, so a dark page never flashes light.
applyColorSchemeClass(resolveColorScheme());

// Error tracking only when the server configured a DSN; the SDK is its own chunk.
startErrorTracking();

// The entity screens the server declares: routed and linked beside the route table's.
startEntityScreens();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html.');

// The router (its first navigation asks for the page's data and code) starts in a task of its own
// after the modules' evaluation: two shorter tasks keep the main thread free for input in between.
// The first render is a transition, which React renders in slices of a few milliseconds, not in one
// long task.
setTimeout(() => {
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <UiKitProvider>
          <RouterProvider router={createAppRouter()} />
        </UiKitProvider>
      </StrictMode>,
    );
  });
});

// The API client (axios, 20 kB on the wire) is not needed to paint the sign-in page: any screen that
// reads data loads it with its first request, and on the sign-in page the first touch, click or key
// fetches it, long before the form can be sent.
const PRELOAD_EVENTS = ['pointerdown', 'keydown'] as const;
const preloadOnce = () => {
  for (const type of PRELOAD_EVENTS) window.removeEventListener(type, preloadOnce, true);
  void preloadApiClient();
};
for (const type of PRELOAD_EVENTS)
  window.addEventListener(type, preloadOnce, { capture: true, passive: true });
