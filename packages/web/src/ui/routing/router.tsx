/**
 * The app's router, in parts: the history (`history.ts`), what an address shows (`route-view.ts`), the
 * provider that loads and renders it (`router-provider.tsx`), the hooks (`router-context.ts`), links
 * (`link.tsx`) and scroll positions (`scroll-restoration.ts`).
 */
export { Link, type LinkProps, Navigate } from './link.tsx';
export {
  type AppRouter,
  type Layer,
  type LazyComponent,
  lazyComponent,
  preloadCurrentPage,
  type RouteView,
} from './route-view.ts';
export {
  type BlockerState,
  type NavigateFunction,
  type NavigateOptions,
  Outlet,
  type SetSearchParams,
  useBlocker,
  useLocation,
  useNavigate,
  useNavigationPending,
  useParams,
  useRouteName,
  useSearchParams,
} from './router-context.ts';
export { RouterProvider } from './router-provider.tsx';
export { ScrollRestoration } from './scroll-restoration.ts';
