import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../api/api.ts';
import { ADMIN_USER, fakeApi, renderApp } from '../test/render-app.tsx';

afterEach(() => setApiClient(null));

describe('app routing', () => {
  it('shows a Czech 404 page for unknown paths', async () => {
    renderApp('/admin/tohle/neexistuje', fakeApi(null));
    expect(await screen.findByRole('heading', { name: 'Stránka nenalezena' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Na úvodní stránku' })).toHaveAttribute('href', '/admin');
  });

  it('sends a signed-out visitor of the CMS index to the sign-in screen', async () => {
    const { router } = renderApp('/admin', fakeApi(null));
    expect(await screen.findByRole('heading', { name: 'Přihlášení' })).toBeInTheDocument();
    expect(router.history.location.pathname).toBe('/login');
    expect(router.history.location.search).toBe('');
  });

  it('remembers a deep link and returns to it after signing in', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const { router } = renderApp(
      '/admin/user/profile?tab=1',
      fakeApi(null, (request, body) => {
        if (request.url === '/api/login') {
          signedIn = body.password === 'správné heslo';
          return signedIn
            ? { status: 200, body: { data: { user: ADMIN_USER } } }
            : {
                status: 401,
                body: {
                  error: {
                    message: 'Nesprávný e-mail nebo heslo.',
                    code: 'INVALID_CREDENTIALS',
                    status: 401,
                  },
                },
              };
        }
        if (request.url === '/api/cms/me' && signedIn) return { status: 200, body: { data: ADMIN_USER } };
        return undefined;
      }),
    );
    await screen.findByRole('heading', { name: 'Přihlášení' });
    expect(router.history.location.search).toBe('?returnTo=%2Fuser%2Fprofile%3Ftab%3D1');

    await user.type(screen.getByLabelText('E-mail'), 'jana@klub.cz');
    await user.type(screen.getByLabelText('Heslo'), 'špatné heslo');
    await user.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(await screen.findByText('Nesprávný e-mail nebo heslo.')).toBeInTheDocument();
    expect(screen.getByLabelText('Heslo')).toHaveValue('');

    await user.type(screen.getByLabelText('Heslo'), 'správné heslo');
    await user.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(await screen.findByRole('heading', { name: 'Můj profil' })).toBeInTheDocument();
    expect(router.history.location.pathname).toBe('/user/profile');
    expect(router.history.location.search).toBe('?tab=1');
  });

  it('keeps the sign-in form shut from a successful sign-in until the next screen replaces it', async () => {
    // The address changes before the next screen is drawn; typing into the sign-in form meanwhile
    // would be lost with it (it was taken for the profile being drawn twice).
    const user = userEvent.setup();
    renderApp(
      '/admin/user/profile',
      fakeApi(null, (request) => {
        if (request.url === '/api/login') return { status: 200, body: { data: { user: ADMIN_USER } } };
        if (request.url === '/api/cms/me') return { status: 200, body: { data: ADMIN_USER } };
        return undefined;
      }),
    );
    const email = await screen.findByLabelText('E-mail');
    let shutWhileShown = false;
    const observer = new MutationObserver(() => {
      if (email.isConnected && (email as HTMLInputElement).disabled) shutWhileShown = true;
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    await user.type(email, 'jana@klub.cz');
    await user.type(screen.getByLabelText('Heslo'), 'správné heslo');
    await user.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(await screen.findByRole('heading', { name: 'Můj profil' })).toBeInTheDocument();
    observer.disconnect();
    expect(shutWhileShown).toBe(true);
  });

  it('validates the sign-in form in Czech before calling the server', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp('/admin/login', fakeApi(null));
    await user.click(await screen.findByRole('button', { name: 'Přihlásit se' }));
    expect(screen.getByText('Zadejte e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Zadejte heslo.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    await user.type(screen.getByLabelText('E-mail'), 'jana');
    await user.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(screen.getByText('Zadejte platný e-mail, například jana@klub.cz.')).toBeInTheDocument();
    expect(requests.filter((request) => request.url === '/api/login')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Zapomněli jste heslo?' })).toHaveAttribute(
      'href',
      '/admin/forgotten-password',
    );
  });
});

describe('signed-in shell', () => {
  it('greets the user on the CMS index and links no screen that does not exist', async () => {
    renderApp('/admin', fakeApi(ADMIN_USER));
    expect(await screen.findByRole('heading', { level: 1, name: /Jana Nováková/ })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Hlavní navigace' });
    const hrefs = within(navigation)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    // The lists of the entities the server declares and the zones' own screens, the users' too.
    expect(hrefs).toEqual([
      '/admin',
      '/admin/clenove',
      '/admin/zakonni-zastupci',
      '/admin/souhlasy',
      '/admin/lekarske-prohlidky',
      '/admin/clenove/hromadne-parovani',
      '/admin/rejstrik-sportu',
      '/admin/kategorie',
      '/admin/skupiny',
      '/admin/clenove-skupiny',
      '/admin/treninky',
      '/admin/soustredeni',
      '/admin/clenove-skupiny/hromadne-nastaveni-skupiny',
      '/admin/treninky/serie',
      '/admin/treninky/kalendar',
      '/admin/treninky/dochazka',
      '/admin/treninky/statistiky',
      '/admin/zavody',
      '/admin/obsah/clanky',
      '/admin/obsah/autori',
      '/admin/obsah/tagy',
      '/admin/obsah/kategorie',
      '/admin/uzivatele',
      '/admin/uzivatele/ulohy',
      '/admin/uzivatel/pozvanka',
      '/admin/web/udalosti',
      '/admin/web/team',
      '/admin/web/sponzori',
      '/admin/web/konfigurace',
      '/admin/platby',
      '/admin/platby/poplatky',
      '/admin/platby/vypisy',
      '/admin/kos',
    ]);
    expect(document.title).toBe('Přehled · Klubovna');
  });

  it('offers profile, password change, colour scheme and sign-out in the user menu', async () => {
    const user = userEvent.setup();
    renderApp('/admin', fakeApi(ADMIN_USER));
    await user.click(await screen.findByRole('button', { name: 'Uživatelské menu: Jana Nováková' }));
    expect(screen.getByRole('menuitem', { name: 'Můj profil' })).toHaveAttribute(
      'href',
      '/admin/user/profile',
    );
    expect(screen.getByRole('menuitem', { name: 'Změnit heslo' })).toHaveAttribute(
      'href',
      '/admin/user/profile#zmena-hesla',
    );
    expect(screen.getByRole('menuitem', { name: 'Odhlásit se' })).toHaveAttribute('href', '/admin/logout');
    const toggle = screen.getByRole('menuitem', { name: /režim/ });
    const wasDark = document.body.classList.contains('dark');
    await user.click(toggle);
    await waitFor(() => expect(document.body.classList.contains('dark')).toBe(!wasDark));
    expect(window.localStorage.getItem('theme')).toBe(wasDark ? 'light' : 'dark');
  });

  it('signs out and says so', async () => {
    let loggedOut = false;
    const { router } = renderApp(
      '/admin/logout',
      fakeApi(ADMIN_USER, (request) => {
        if (request.url === '/api/logout') {
          loggedOut = true;
          return { status: 200, body: { data: null } };
        }
        return undefined;
      }),
    );
    expect(await screen.findByText('Byli jste odhlášeni.')).toBeInTheDocument();
    expect(loggedOut).toBe(true);
    await waitFor(() => expect(router.history.location.pathname).toBe('/login'));
  });
});
