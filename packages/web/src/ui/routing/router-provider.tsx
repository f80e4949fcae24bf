import {
  Component,
  type ComponentType,
  type ReactNode,
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type AppLocation, type HistoryAction, resolvePath } from './history.ts';
import { type AppRouter, isLazy, type Layer, loadLayers } from './route-view.ts';
import {
  type Blocker,
  ControlsContext,
  type NavigateFunction,
  OutletContext,
  PendingContext,
  type RenderedRoute,
  RouteContext,
  type RouterControls,
} from './router-context.ts';
import { saveScrollPosition } from './scroll-restoration.ts';

/**
 * The app's router: the address (through AppHistory) picks a RouteView (the route table's screen and
 * its layouts), whose code is loaded before it renders: the page the person is on stays (with a
 * progress bar, see useNavigationPending) until the next one's code has come, then the next renders as
 * a transition, which React renders in short slices. Back and Forward restore the scroll position
 * (ScrollRestoration).
 */
export function RouterProvider({ router }: { router: AppRouter }) {
  const { history } = router;
  const [rendered, setRendered] = useState<RenderedRoute | null>(null);
  const [pending, setPending] = useState(false);
  const blocker = useRef<Blocker | null>(null);
  const settle = useRef<(() => void)[]>([]);
  // The location last let through; Back and Forward that a blocker holds are undone to it.
  const accepted = useRef(history.location);
  // Counts navigations: one that a later one overtook while its code loaded is dropped.
  const navigations = useRef(0);

  // A layout effect: it subscribes before any page's effect can navigate (<Navigate>).
  useLayoutEffect(() => {
    let undoing = false;
    let letThrough = false;
    const show = (location: AppLocation, action: HistoryAction) => {
      const navigation = ++navigations.current;
      const view = router.resolve(location);
      const commit = (failure?: { error: unknown }) => {
        if (navigation !== navigations.current) return;
        startTransition(() => {
          setRendered({ location, action, view, failure });
          setPending(false);
        });
      };
      const loading = loadLayers(view);
      if (!loading) return commit();
      setPending(true);
      loading.then(
        () => commit(),
        (error: unknown) => commit({ error }),
      );
    };
    const onChange = (action: HistoryAction) => {
      const next = history.location;
      const from = accepted.current;
      if (action === 'pop') {
        if (undoing) {
          undoing = false;
          return;
        }
        const delta = next.index - from.index;
        if (!letThrough && delta !== 0 && blocker.current?.shouldBlock(from, next)) {
          undoing = true;
          history.go(-delta);
          blocker.current.block(() => {
            letThrough = true;
            history.go(delta);
          });
          return;
        }
        letThrough = false;
      }
      saveScrollPosition(from.key);
      accepted.current = next;
      show(next, action);
    };
    const unsubscribe = history.listen(onChange);
    accepted.current = history.location;
    show(history.location, 'pop');
    return unsubscribe;
  }, [history, router]);

  useEffect(() => {
    if (!rendered) return;
    for (const resolve of settle.current.splice(0)) resolve();
  }, [rendered]);

  const controls = useMemo((): RouterControls => {
    const whenRendered = () => new Promise<void>((resolve) => settle.current.push(resolve));
    // The address changes once the next page's code has come: until then the page shown is the one the
    // address names, and what the person types goes to the page they see.
    const goWhenLoaded = (next: Pick<AppLocation, 'pathname' | 'search' | 'hash'>, go: () => void) => {
      const navigation = ++navigations.current;
      const loading = loadLayers(router.resolve({ ...next, key: '', index: history.location.index }));
      if (!loading) return go();
      setPending(true);
      const goUnlessOvertaken = () => {
        if (navigation === navigations.current) go();
      };
      loading.then(goUnlessOvertaken, goUnlessOvertaken);
    };
    const navigate: NavigateFunction = (to, options = {}) => {
      if (typeof to === 'number') {
        history.go(to);
        return whenRendered();
      }
      const next = resolvePath(to, history.location);
      const apply = () => (options.replace ? history.replace(to) : history.push(to));
      if (blocker.current?.shouldBlock(history.location, next)) {
        blocker.current.block(() => goWhenLoaded(next, apply));
        return Promise.resolve();
      }
      const done = whenRendered();
      goWhenLoaded(next, apply);
      return done;
    };
    return {
      navigate,
      createHref: (to) => history.createHref(to),
      latest: () => history.location,
      setBlocker: (next) => {
        blocker.current = next;
      },
    };
  }, [history, router]);

  const { errorPage: ErrorPage, pendingPage: PendingPage } = router;
  // The same element while a navigation is pending: the page shown does not render again for it.
  const page = useMemo(() => rendered && <Layers layers={rendered.view.layers} />, [rendered]);
  return (
    <ControlsContext value={controls}>
      <RouteContext value={rendered}>
        <PendingContext value={pending}>
          {!rendered ? (
            <PendingPage />
          ) : rendered.failure ? (
            <ErrorPage error={rendered.failure.error} />
          ) : (
            <RouteErrorBoundary locationKey={rendered.location.key} ErrorPage={ErrorPage}>
              {page}
            </RouteErrorBoundary>
          )}
        </PendingContext>
      </RouteContext>
    </ControlsContext>
  );
}

/** The first layer, with the rest as its Outlet. */
function Layers({ layers }: { layers: readonly Layer[] }) {
  const [first, ...rest] = layers;
  if (!first) return null;
  // A loaded component renders as itself, so two routes of the same screen keep it mounted.
  const Layer = isLazy(first) ? first.loaded : first;
  if (!Layer) throw new Error('A page rendered before its code had loaded.');
  return (
    <OutletContext value={rest.length > 0 ? <Layers layers={rest} /> : null}>
      <Layer />
    </OutletContext>
  );
}

interface ErrorBoundaryProps {
  locationKey: string;
  ErrorPage: ComponentType<{ error: unknown }>;
  children: ReactNode;
}

/** Shows the error page when a page fails; a navigation elsewhere tries again. */
class RouteErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown; at: string | null }> {
  override state = { error: null as unknown, at: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error, at: null };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: { error: unknown; at: string | null }) {
    if (state.error === null) return null;
    if (state.at === null) return { at: props.locationKey };
    return state.at === props.locationKey ? null : { error: null, at: null };
  }

  override render() {
    const { ErrorPage, children } = this.props;
    return this.state.error === null ? children : <ErrorPage error={this.state.error} />;
  }
}
