import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../api/api.ts';
import { ADMIN_USER, fakeApi, renderApp } from '../../test/render-app.tsx';

afterEach(() => setApiClient(null));

const badRequest = (
  code: string,
  message: string,
  validationErrors?: { message: string; path: string }[],
) => ({
  status: 400,
  body: { error: { message, code, status: 400 }, ...(validationErrors ? { validationErrors } : {}) },
});

describe('forgotten password', () => {
  it('confirms the same way whatever the e-mail and sends cms: true', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      '/admin/forgotten-password',
      fakeApi(null, (request) =>
        request.url === '/api/forgotten-password'
          ? { status: 200, body: { data: { sent: true } } }
          : undefined,
      ),
    );
    await user.type(await screen.findByLabelText('E-mail'), 'kdokoli@klub.cz');
    await user.click(screen.getByRole('button', { name: 'Poslat odkaz' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Pokud u nás existuje účet s e-mailem kdokoli@klub.cz, poslali jsme na něj odkaz pro nastavení nového hesla.',
    );
    const sent = requests.find((request) => request.url === '/api/forgotten-password');
    expect(JSON.parse(String(sent?.data))).toEqual({ email: 'kdokoli@klub.cz', cms: true });
    expect(screen.getByRole('link', { name: 'Zpět na přihlášení' })).toHaveAttribute('href', '/admin/login');
  });
});

describe('renew password', () => {
  it('checks both passwords, shows a strength hint and sets the password', async () => {
    const user = userEvent.setup();
    const { router, requests } = renderApp(
      '/admin/renew-password/abc123',
      fakeApi(null, (request) =>
        request.url === '/api/password-recovery' ? { status: 200, body: { data: null } } : undefined,
      ),
    );
    const password = await screen.findByLabelText('Nové heslo');
    await user.type(password, 'kratke');
    expect(screen.getByText('Síla: příliš krátké')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nové heslo znovu'), 'jine');
    await user.click(screen.getByRole('button', { name: 'Nastavit heslo' }));
    expect(screen.getByText('Heslo musí mít alespoň 8 znaků.')).toBeInTheDocument();
    expect(screen.getByText('Hesla se neshodují.')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Dlouhe-heslo-na-leto-2027');
    expect(screen.getByText(/^Síla: (silné|velmi silné)$/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Nové heslo znovu'));
    await user.type(screen.getByLabelText('Nové heslo znovu'), 'Dlouhe-heslo-na-leto-2027');
    await user.click(screen.getByRole('button', { name: 'Nastavit heslo' }));
    expect(await screen.findByText('Heslo bylo změněno. Nyní se můžete přihlásit.')).toBeInTheDocument();
    await waitFor(() => expect(router.history.location.pathname).toBe('/login'));
    const sent = requests.find((request) => request.url === '/api/password-recovery');
    expect(JSON.parse(String(sent?.data))).toEqual({
      token: 'abc123',
      password: 'Dlouhe-heslo-na-leto-2027',
    });
  });

  it('takes the refusal of a leaked password away once another password is typed', async () => {
    const user = userEvent.setup();
    const leaked = 'Toto heslo je mezi nejčastěji uniklými hesly. Zvolte jiné.';
    renderApp(
      '/admin/renew-password/abc123',
      fakeApi(null, (request) =>
        request.url === '/api/password-recovery'
          ? badRequest('VALIDATION_FAILED', leaked, [{ path: 'password', message: leaked }])
          : undefined,
      ),
    );
    const password = await screen.findByLabelText('Nové heslo');
    await user.type(password, 'heslo12345');
    await user.type(screen.getByLabelText('Nové heslo znovu'), 'heslo12345');
    await user.click(screen.getByRole('button', { name: 'Nastavit heslo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(leaked);
    expect(screen.getAllByText(leaked)).toHaveLength(2);

    await user.clear(password);
    await user.type(password, 'Dlouhe-heslo-na-leto-2027');
    expect(screen.queryByText(leaked)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says on opening that an old link no longer works, before anything is typed', async () => {
    const { requests } = renderApp(
      '/admin/renew-password/stary-odkaz',
      fakeApi(null, (request) =>
        request.url === '/api/password-recovery/check'
          ? badRequest('INVALID_TOKEN', 'Odkaz pro obnovu hesla je neplatný nebo vypršel. Požádejte o nový.')
          : undefined,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Odkaz už neplatí' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Nové heslo')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Požádat o nový odkaz' })).toBeInTheDocument();
    const check = requests.find((request) => request.url === '/api/password-recovery/check');
    expect(JSON.parse(String(check?.data))).toEqual({ token: 'stary-odkaz' });
    expect(requests.some((request) => request.url === '/api/password-recovery')).toBe(false);
  });

  it('explains a link spent meanwhile when the password is set, and offers a new one', async () => {
    const user = userEvent.setup();
    renderApp(
      '/admin/renew-password/pouzity',
      fakeApi(null, (request) =>
        request.url === '/api/password-recovery'
          ? badRequest('INVALID_TOKEN', 'Odkaz pro obnovu hesla je neplatný nebo vypršel. Požádejte o nový.')
          : undefined,
      ),
    );
    await user.type(await screen.findByLabelText('Nové heslo'), 'Dlouhe-heslo-2027');
    await user.type(screen.getByLabelText('Nové heslo znovu'), 'Dlouhe-heslo-2027');
    await user.click(screen.getByRole('button', { name: 'Nastavit heslo' }));
    expect(await screen.findByRole('heading', { name: 'Odkaz už neplatí' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Odkaz pro obnovu hesla je neplatný nebo vypršel.');
    expect(screen.getByRole('link', { name: 'Požádat o nový odkaz' })).toHaveAttribute(
      'href',
      '/admin/forgotten-password',
    );
  });
});

describe('profile', () => {
  it('shows and saves the own name and e-mail', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      '/admin/user/profile',
      fakeApi(ADMIN_USER, (request, body) =>
        request.method === 'PUT' && request.url === '/api/cms/me'
          ? { status: 200, body: { data: { ...ADMIN_USER, ...body } } }
          : undefined,
      ),
    );
    const firstName = await screen.findByLabelText('Jméno');
    expect(firstName).toHaveValue('Jana');
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('jana@klub.cz');
    await user.clear(firstName);
    await user.type(firstName, 'Johana');
    await user.click(screen.getByRole('button', { name: 'Uložit údaje' }));
    expect(await screen.findByText('Profil byl uložen.')).toBeInTheDocument();
    const sent = requests.find((request) => request.method === 'PUT');
    expect(JSON.parse(String(sent?.data))).toEqual({
      firstName: 'Johana',
      lastName: 'Nováková',
      email: 'jana@klub.cz',
    });
    // The header follows the new name.
    expect(
      await screen.findByRole('button', { name: 'Uživatelské menu: Johana Nováková' }),
    ).toBeInTheDocument();
  });

  it('switches a kind of e-mail reminder off (Upozornění e-mailem), keeping the others as they were', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      '/admin/user/profile',
      fakeApi(ADMIN_USER, (request, body) => {
        if (request.url !== '/api/cms/user-config') return undefined;
        return request.method === 'GET'
          ? { status: 200, body: { data: { reminders: { data: { off: ['invitation-pending'] } } } } }
          : { status: 200, body: { data: body } };
      }),
    );
    const training = await screen.findByRole('switch', { name: /Zrušený trénink/ });
    expect(training).toBeChecked();
    expect(screen.getByRole('switch', { name: /Nepřijatá pozvánka/ })).not.toBeChecked();
    await user.click(training);
    expect(await screen.findByText('Upozornění vypnuto.')).toBeInTheDocument();
    expect(training).not.toBeChecked();
    const saved = requests.filter(
      (request) => request.method === 'POST' && request.url === '/api/cms/user-config',
    );
    expect(JSON.parse(String(saved.at(-1)?.data))).toEqual({
      name: 'reminders',
      data: { off: ['invitation-pending', 'training-cancelled'] },
    });
  });

  it('changes the password with the current one and reports a wrong current password at its field', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { requests } = renderApp(
      '/admin/user/profile',
      fakeApi(ADMIN_USER, (request) => {
        if (request.url !== '/api/cms/me/password') return undefined;
        attempts += 1;
        return attempts === 1
          ? badRequest('WRONG_CURRENT_PASSWORD', 'Současné heslo není správné.', [
              { message: 'Současné heslo není správné.', path: 'currentPassword' },
            ])
          : { status: 200, body: { data: null } };
      }),
    );
    await user.type(await screen.findByLabelText('Současné heslo'), 'omyl');
    await user.type(screen.getByLabelText('Nové heslo'), 'Nove-heslo-2027');
    await user.type(screen.getByLabelText('Nové heslo znovu'), 'Nove-heslo-2027');
    await user.click(screen.getByRole('button', { name: 'Změnit heslo' }));
    expect(await screen.findByText('Současné heslo není správné.')).toBeInTheDocument();
    expect(screen.getByLabelText('Současné heslo')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Současné heslo')).toHaveAccessibleDescription(
      'Současné heslo není správné.',
    );

    await user.clear(screen.getByLabelText('Současné heslo'));
    await user.type(screen.getByLabelText('Současné heslo'), 'spravne');
    await user.click(screen.getByRole('button', { name: 'Změnit heslo' }));
    expect(await screen.findByText(/Heslo bylo změněno/)).toBeInTheDocument();
    expect(screen.getByLabelText('Současné heslo')).toHaveValue('');
    const last = requests.filter((request) => request.url === '/api/cms/me/password').at(-1);
    expect(JSON.parse(String(last?.data))).toEqual({
      currentPassword: 'spravne',
      newPassword: 'Nove-heslo-2027',
    });
  });
});

describe('two-factor sign-in', () => {
  it('forgets a wrong code once the right one turned it on: the password field for turning it off starts clean', async () => {
    const user = userEvent.setup();
    let on = false;
    renderApp(
      '/admin/user/profile',
      fakeApi(ADMIN_USER, (request, body) => {
        if (request.url === '/api/cms/me')
          return { status: 200, body: { data: { ...ADMIN_USER, twoFactor: on } } };
        if (request.url === '/api/cms/me/two-factor/setup')
          return { status: 200, body: { data: { secret: 'ABCDEF', qrCode: 'data:image/png;base64,' } } };
        if (request.url === '/api/cms/me/two-factor/enable') {
          if (body.code !== '123456')
            return badRequest(
              'WRONG_CODE',
              'Kód z aplikace nesouhlasí. Zkontrolujte čas v telefonu a zkuste nový kód.',
              [{ path: 'code', message: 'Kód z aplikace nesouhlasí.' }],
            );
          on = true;
          return { status: 200, body: { data: { recoveryCodes: ['aaaa-bbbb'] } } };
        }
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Zapnout dvoufázové přihlášení' }));
    await user.type(await screen.findByLabelText('Kód z aplikace'), '000000');
    await user.click(screen.getByRole('button', { name: 'Zapnout' }));
    expect(await screen.findByText('Kód z aplikace nesouhlasí.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Kód z aplikace'));
    expect(screen.queryByText('Kód z aplikace nesouhlasí.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Kód z aplikace'), '123456');
    await user.click(screen.getByRole('button', { name: 'Zapnout' }));

    const password = await screen.findByLabelText('Současné heslo pro vypnutí');
    expect(screen.getByRole('list', { name: 'Záložní kódy' })).toHaveTextContent('aaaa-bbbb');
    expect(password).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Kód z aplikace nesouhlasí/)).not.toBeInTheDocument();
  });
});

describe('expired session', () => {
  it('goes to the sign-in screen and comes back after signing in again', async () => {
    const user = userEvent.setup();
    let expired = false;
    const { router } = renderApp(
      '/admin/user/profile',
      fakeApi(ADMIN_USER, (request) => {
        if (request.method === 'PUT' && request.url === '/api/cms/me') {
          expired = true;
          return {
            status: 401,
            body: { error: { message: 'Nejste přihlášeni.', code: 'UNAUTHORIZED', status: 401 } },
          };
        }
        if (request.url === '/api/login') return { status: 200, body: { data: { user: ADMIN_USER } } };
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Uložit údaje' }));
    expect(
      await screen.findByText('Vaše přihlášení vypršelo. Přihlaste se prosím znovu.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.history.location.pathname).toBe('/login'));
    expect(router.history.location.search).toBe('?returnTo=%2Fuser%2Fprofile');
    expect(expired).toBe(true);

    await user.type(await screen.findByLabelText('E-mail'), 'jana@klub.cz');
    await user.type(screen.getByLabelText('Heslo'), 'heslo');
    await user.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(await screen.findByRole('heading', { name: 'Můj profil' })).toBeInTheDocument();
  });
});
