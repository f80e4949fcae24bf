import type { ComponentType } from 'react';
import type { AppHistory, AppLocation } from './history.ts';

/** A component whose code is loaded on first use; once loaded, it is the component itself. */
export interface LazyComponent {
  readonly loaded: ComponentType | undefined;
  load(): Promise<ComponentType>;
}

export function lazyComponent(load: () => Promise<ComponentType>): LazyComponent {
  let loading: Promise<ComponentType> | undefined;
  const lazy = {
    loaded: undefined as ComponentType | undefined,
    load: () => {
      loading ??= load().then((loaded) => {
        lazy.loaded = loaded;
        return loaded;
      });
      return loading;
    },
  };
  return lazy;
}

/** A layout or the screen: written, or loaded on first use. */
export type Layer = ComponentType | LazyComponent;

/** What an address shows: the screen's route name and parameters, its layouts from the outside in, then the screen. */
export interface RouteView {
  routeName: string;
  params: Readonly<Record<string, string>>;
  layers: readonly Layer[];
}

export interface AppRouter {
  history: AppHistory;
  resolve(location: AppLocation): RouteView;
  /** Shown while the first page's code loads. */
  pendingPage: ComponentType;
  /** Shown instead of the page when it fails to render or its code cannot be loaded. */
  errorPage: ComponentType<{ error: unknown }>;
}

export const isLazy = (layer: Layer): layer is LazyComponent => 'load' in layer;

/**
 * Starts loading the code of the page at the router's address, before React first renders: the
 * router's first render is a transition, which React starts a task later.
 */
export function preloadCurrentPage(router: AppRouter): void {
  void loadLayers(router.resolve(router.history.location))?.catch(() => {});
}

/** Loads the code of a view's layers that have not loaded yet; nothing when all have. */
export function loadLayers(view: RouteView): Promise<unknown> | undefined {
  const missing = view.layers.filter((layer): layer is LazyComponent => isLazy(layer) && !layer.loaded);
  return missing.length > 0 ? Promise.all(missing.map((layer) => layer.load())) : undefined;
}
