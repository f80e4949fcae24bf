import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ComponentType, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type AppHistory, type AppLocation, createMemoryHistory } from './history.ts';
import {
  type AppRouter,
  Link,
  lazyComponent,
  Navigate,
  Outlet,
  RouterProvider,
  type RouteView,
  useBlocker,
  useLocation,
  useNavigationPending,
  useParams,
  useRouteName,
  useSearchParams,
} from './router.tsx';

function Frame() {
  const pending = useNavigationPending();
  return (
    <div>
      <p>{pending ? 'načítá se' : 'klid'}</p>
      <p data-testid="route">{useRouteName()}</p>
      <Outlet />
    </div>
  );
}

/** A router in memory over a table of paths, each with its page; other paths are "not found". */
function testRouter(pages: Record<string, ComponentType | ReturnType<typeof lazyComponent>>, at: string) {
  const history: AppHistory = createMemoryHistory('/admin', at);
  const router: AppRouter = {
    history,
    resolve: (location: AppLocation): RouteView => {
      const [path, param] = location.pathname.split('/').filter(Boolean);
      const page = pages[`/${path ?? ''}`];
      return page
        ? { routeName: path ?? 'index', params: param ? { id: param } : {}, layers: [Frame, page] }
        : { routeName: 'notFound', params: {}, layers: [Frame, () => <p>Nenalezeno</p>] };
    },
    pendingPage: () => <p>První načtení</p>,
    errorPage: ({ error }) => <p>Chyba: {String(error instanceof Error ? error.message : error)}</p>,
  };
  render(<RouterProvider router={router} />);
  return history;
}

let homeRenders = 0;

function CountedHome() {
  homeRenders += 1;
  return <Link to="/clenove">Členové</Link>;
}

function Broken(): never {
  throw new Error('rozbito');
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {useParams().id}: {count}
    </button>
  );
}

function Filters() {
  const [params, setParams] = useSearchParams();
  const change = () => {
    void setParams((current) => new URLSearchParams({ ...Object.fromEntries(current), a: '1' }));
    void setParams((current) => new URLSearchParams({ ...Object.fromEntries(current), b: '2' }), {
      replace: true,
    });
  };
  return (
    <button type="button" onClick={change}>
      dotaz {params.toString() || 'prázdný'}
    </button>
  );
}

function Form() {
  const blocker = useBlocker((current, next) => current.pathname !== next.pathname);
  return (
    <>
      <Link to="/jinam">Odejít</Link>
      {blocker.blocked && (
        <>
          <button type="button" onClick={blocker.reset}>
            Zůstat
          </button>
          <button type="button" onClick={blocker.proceed}>
            Odejít bez uložení
          </button>
        </>
      )}
    </>
  );
}

const deferred = () => {
  let resolve: (page: ComponentType) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<ComponentType>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

describe('the router', () => {
  it('links with the basename and follows a plain click without leaving the page', async () => {
    const history = testRouter(
      {
        '/': () => <Link to="/clenove?page=2">Členové</Link>,
        '/clenove': () => <p>Seznam členů {useLocation().search}</p>,
      },
      '/admin',
    );
    const link = await screen.findByRole('link', { name: 'Členové' });
    expect(link).toHaveAttribute('href', '/admin/clenove?page=2');
    expect(fireEvent.click(link)).toBe(false);
    expect(await screen.findByText('Seznam členů ?page=2')).toBeInTheDocument();
    expect(history.location).toMatchObject({ pathname: '/clenove', index: 1 });
  });

  it('replaces the entry for a link to the page shown, so Back leaves the page', async () => {
    const history = testRouter(
      { '/': () => <Link to="/clenove">Členové</Link>, '/clenove': () => <Link to="/clenove">Znovu</Link> },
      '/admin',
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Členové' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Znovu' }));
    expect(history.location).toMatchObject({ pathname: '/clenove', index: 1 });
  });

  it('leaves a click with Ctrl or a middle click to the browser (a new tab)', async () => {
    const history = testRouter({ '/': () => <Link to="/clenove">Členové</Link> }, '/admin');
    const link = await screen.findByRole('link', { name: 'Členové' });
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(history.location.pathname).toBe('/');
  });

  it("keeps the page and its address until the next page's code has come, and says it is loading", async () => {
    const code = deferred();
    const history = testRouter(
      { '/': () => <Link to="/clenove">Členové</Link>, '/clenove': lazyComponent(() => code.promise) },
      '/admin',
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Členové' }));
    expect(await screen.findByText('načítá se')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Členové' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/');
    await act(async () => code.resolve(() => <p>Seznam členů</p>));
    expect(await screen.findByText('Seznam členů')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/clenove');
    expect(screen.getByText('klid')).toBeInTheDocument();
    expect(screen.getByTestId('route')).toHaveTextContent('clenove');
  });

  it('does not render the page shown again when a navigation starts', async () => {
    const code = deferred();
    homeRenders = 0;
    testRouter({ '/': CountedHome, '/clenove': lazyComponent(() => code.promise) }, '/admin');
    fireEvent.click(await screen.findByRole('link', { name: 'Členové' }));
    expect(await screen.findByText('načítá se')).toBeInTheDocument();
    expect(homeRenders).toBe(1);
  });

  it('drops a navigation that a later one overtook while its code loaded', async () => {
    const slow = deferred();
    testRouter(
      {
        '/': () => (
          <>
            <Link to="/pomala">Pomalá</Link>
            <Link to="/rychla">Rychlá</Link>
          </>
        ),
        '/pomala': lazyComponent(() => slow.promise),
        '/rychla': () => <p>Rychlá stránka</p>,
      },
      '/admin',
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Pomalá' }));
    fireEvent.click(screen.getByRole('link', { name: 'Rychlá' }));
    expect(await screen.findByText('Rychlá stránka')).toBeInTheDocument();
    await act(async () => slow.resolve(() => <p>Pomalá stránka</p>));
    expect(screen.getByText('Rychlá stránka')).toBeInTheDocument();
    expect(screen.queryByText('Pomalá stránka')).toBeNull();
  });

  it('shows the first page once its code has come, and the error page when it cannot come', async () => {
    const code = deferred();
    const history = testRouter(
      { '/': lazyComponent(() => code.promise), '/jinam': () => <p>Jinde</p> },
      '/admin',
    );
    expect(screen.getByText('První načtení')).toBeInTheDocument();
    await act(async () => code.reject(new Error('Failed to fetch dynamically imported module')));
    expect(await screen.findByText('Chyba: Failed to fetch dynamically imported module')).toBeInTheDocument();
    act(() => history.push('/jinam'));
    expect(await screen.findByText('Jinde')).toBeInTheDocument();
  });

  it('shows the error page for a page that fails to render, and the next page normally', async () => {
    const history = testRouter({ '/': Broken, '/jinam': () => <p>Jinde</p> }, '/admin');
    expect(await screen.findByText('Chyba: rozbito')).toBeInTheDocument();
    act(() => history.push('/jinam'));
    expect(await screen.findByText('Jinde')).toBeInTheDocument();
  });

  it('keeps a page mounted when the next address shows the same page', async () => {
    const history = testRouter({ '/clen': Counter }, '/admin/clen/5');
    fireEvent.click(await screen.findByRole('button', { name: '5: 0' }));
    act(() => history.replace('/clen/6'));
    expect(await screen.findByRole('button', { name: '6: 1' })).toBeInTheDocument();
  });

  it('builds a change of the query on the latest one, rendered or not', async () => {
    const history = testRouter({ '/': Filters }, '/admin?s=novak');
    fireEvent.click(await screen.findByRole('button', { name: 'dotaz s=novak' }));
    expect(await screen.findByRole('button', { name: 'dotaz s=novak&a=1&b=2' })).toBeInTheDocument();
    expect(history.location.index).toBe(1);
  });

  it('goes elsewhere with <Navigate>, replacing the entry', async () => {
    const history = testRouter(
      { '/': () => <Navigate to="/login?returnTo=%2F" replace />, '/login': () => <p>Přihlášení</p> },
      '/admin',
    );
    expect(await screen.findByText('Přihlášení')).toBeInTheDocument();
    expect(history.location).toMatchObject({ pathname: '/login', search: '?returnTo=%2F', index: 0 });
  });

  it('holds a link and Back while a blocker says so, until the person decides', async () => {
    const history = testRouter(
      { '/': () => <p>Úvod</p>, '/form': Form, '/jinam': () => <p>Jinde</p> },
      '/admin',
    );
    act(() => history.push('/form'));
    fireEvent.click(await screen.findByRole('link', { name: 'Odejít' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Zůstat' }));
    expect(history.location.pathname).toBe('/form');
    expect(screen.queryByRole('button', { name: 'Zůstat' })).toBeNull();

    // Back: the history is put back at once, and moved again only when the person leaves.
    await act(async () => history.go(-1));
    await waitFor(() => expect(history.location.pathname).toBe('/form'));
    expect(screen.getByRole('link', { name: 'Odejít' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Odejít bez uložení' }));
    expect(await screen.findByText('Úvod')).toBeInTheDocument();
    expect(history.location).toMatchObject({ pathname: '/', index: 0 });
  });
});
