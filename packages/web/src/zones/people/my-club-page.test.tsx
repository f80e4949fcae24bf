import type { MyClub, MyClubMember, UserDto } from '@klubovna/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../api/api.ts';
import { ok } from '../../test/engine-fixtures.ts';
import type { RecordedRequest } from '../../test/http-adapter.ts';
import { fakeApi, type Handler, renderApp } from '../../test/render-app.tsx';
import { serverFormSchema } from '../../test/server-schemas.ts';

afterEach(() => setApiClient(null));

const PARENT: UserDto = {
  id: 7,
  email: 'radka@rodina.cz',
  firstName: 'Radka',
  lastName: 'Řehořová',
  roles: ['ROLE_USER'],
  active: true,
};

const consents = (granted: Partial<Record<string, { id: number; version: number }>> = {}) =>
  (
    [
      ['PUBLIC_PHOTOS', 'Fotografie na veřejném webu'],
      ['PUBLIC_NAME', 'Jméno na veřejném webu (tým, výsledky)'],
      ['CLUB_EMAILS', 'E-maily od klubu'],
    ] as const
  ).map(([kind, label]) => ({
    kind,
    label,
    id: granted[kind]?.id ?? null,
    version: granted[kind]?.version ?? null,
    granted: granted[kind] !== undefined,
  }));

const child = (id: number, firstName: string, extra: Partial<MyClubMember> = {}): MyClubMember => ({
  id,
  relation: 'child',
  firstName,
  lastName: 'Řehořová',
  birthDate: '2015-04-02',
  email: null,
  phone: null,
  address: null,
  groups: [{ id: 1, name: 'Přípravka' }],
  consents: consents(),
  nextTrainings: [],
  payments: [],
  ...extra,
});

const CLUB: MyClub = {
  trains: [],
  bankAccount: '19-2000145399/0800',
  members: [
    child(5, 'Šárka', {
      phone: '+420 777 111 222',
      payments: [
        {
          id: 41,
          title: 'Členský příspěvek 2026/27',
          amount: { amount: 250_050, currency: 'CZK' },
          paidAmount: { amount: 100_000, currency: 'CZK' },
          dueDate: '2026-12-31',
          state: 'PARTLY_PAID',
          stateLabel: 'Zaplaceno částečně',
          variableSymbol: '2026000041',
          specificSymbol: null,
          message: null,
          hasQr: true,
        },
      ],
      consents: consents({ CLUB_EMAILS: { id: 9, version: 3 } }),
      nextTrainings: [
        {
          id: 31,
          startsAt: '2026-11-26T15:00:00.000Z',
          endsAt: '2026-11-26T16:30:00.000Z',
          place: 'Sokolovna',
          groupName: 'Přípravka',
          cancelled: false,
        },
        {
          id: 32,
          startsAt: '2026-11-28T08:00:00.000Z',
          endsAt: '2026-11-28T09:30:00.000Z',
          place: null,
          groupName: 'Přípravka',
          cancelled: true,
        },
      ],
    }),
    child(6, 'Vojtěch', { lastName: 'Řehoř', groups: [] }),
  ],
};

const jsonBody = (request: RecordedRequest | undefined) => JSON.parse(String(request?.data ?? '{}'));

function clubApi(club: MyClub, handler: Handler = () => undefined) {
  return fakeApi(PARENT, (request, body) => {
    if (request.url === '/api/cms/me/club') return ok(club);
    return handler(request, body);
  });
}

describe('my club, the own page of a member, a parent or a trainer', () => {
  it('shows each own member: how they are theirs, groups, contact, consents and next trainings in Prague time', async () => {
    renderApp('/admin/muj-klub', clubApi(CLUB));
    const sarka = await screen.findByRole('article', { name: 'Šárka Řehořová' });
    expect(within(sarka).getByText('dítě')).toBeInTheDocument();
    expect(within(sarka).getByText('Skupina: Přípravka')).toBeInTheDocument();
    expect(within(sarka).getByText('+420 777 111 222')).toBeInTheDocument();
    expect(within(sarka).getByText('čtvrtek 26. 11. 2026, 16:00–17:30')).toBeInTheDocument();
    expect(within(sarka).getByText('Přípravka · Sokolovna')).toBeInTheDocument();
    const cancelled = within(sarka).getByText('sobota 28. 11. 2026, 9:00–10:30');
    expect(within(cancelled.closest('li')!).getByText('Zrušeno')).toBeInTheDocument();
    expect(within(sarka).getByRole('switch', { name: 'E-maily od klubu' })).toBeChecked();
    expect(within(sarka).getByRole('switch', { name: 'Fotografie na veřejném webu' })).not.toBeChecked();
    const payment = within(sarka).getByRole('article', { name: 'Členský příspěvek 2026/27' });
    expect(within(payment).getByText('Zaplaceno částečně')).toBeInTheDocument();
    expect(within(payment).getByText('19-2000145399/0800')).toBeInTheDocument();
    expect(within(payment).getByText('2026000041')).toBeInTheDocument();
    // Haléře as crowns (the matcher reads no-break spaces as spaces).
    expect(within(payment).getByText('2 500,50 Kč')).toBeInTheDocument();
    expect(within(payment).getByText('Zaplaceno 1 000,00 Kč z 2 500,50 Kč.')).toBeInTheDocument();
    expect(
      within(payment).getByRole('img', { name: /^QR Platba Členský příspěvek 2026\/27/ }),
    ).toHaveAttribute('src', '/api/cms/payments/41/qr.svg');
    const vojtech = screen.getByRole('article', { name: 'Vojtěch Řehoř' });
    expect(within(vojtech).getByText('Zatím není v žádné skupině.')).toBeInTheDocument();
    expect(within(vojtech).getByText('Žádný trénink není naplánovaný.')).toBeInTheDocument();
    expect(within(vojtech).queryByRole('heading', { name: 'Platby' })).not.toBeInTheDocument();
    expect(within(vojtech).getAllByText('neuvedeno')).toHaveLength(3);
    expect(screen.queryByRole('region', { name: 'Trénujete' })).not.toBeInTheDocument();
  });

  it('gives a consent at once as a new record, and revokes a recorded one only after a confirmation', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      '/admin/muj-klub',
      clubApi(CLUB, (request, body) => {
        if (request.url === '/api/cms/form/consent' && request.method === 'POST')
          return { status: 201, body: { data: { id: 10, version: 1, ...body } } };
        if (request.url === '/api/cms/form/consent/9' && request.method === 'PUT')
          return ok({ id: 9, version: 4, ...body });
        return undefined;
      }),
    );
    const sarka = await screen.findByRole('article', { name: 'Šárka Řehořová' });
    await user.click(within(sarka).getByRole('switch', { name: 'Fotografie na veřejném webu' }));
    expect(await screen.findByText('Uloženo')).toBeInTheDocument();
    const given = requests.find(
      (request) => request.method === 'POST' && request.url === '/api/cms/form/consent',
    );
    expect(jsonBody(given)).toEqual({
      member: 5,
      kind: 'PUBLIC_PHOTOS',
      granted: true,
      givenBy: 'Radka Řehořová',
    });

    await user.click(within(sarka).getByRole('switch', { name: 'E-maily od klubu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odvolat souhlas?' });
    expect(dialog).toHaveTextContent('E-maily od klubu – Šárka Řehořová.');
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Odvolat souhlas' }));
    await waitFor(() =>
      expect(
        jsonBody(
          requests.find((request) => request.method === 'PUT' && request.url === '/api/cms/form/consent/9'),
        ),
      ).toEqual({ version: 3, granted: false }),
    );
  });

  it('changes a child’s contact details against the stored version, offering only what the person may change', async () => {
    const user = userEvent.setup();
    const stored = { id: 6, version: 4, firstName: 'Vojtěch', lastName: 'Řehoř', email: null, phone: null };
    const { requests } = renderApp(
      '/admin/muj-klub',
      clubApi(CLUB, (request, body) => {
        if (request.url === '/api/cms/form/member/schema')
          return ok(serverFormSchema('member', ['ROLE_USER']));
        if (request.url === '/api/cms/form/member/6' && request.method === 'GET') return ok(stored);
        if (request.url === '/api/cms/form/member/6' && request.method === 'PUT')
          return ok({ ...stored, ...body, version: 5 });
        return undefined;
      }),
    );
    const vojtech = await screen.findByRole('article', { name: 'Vojtěch Řehoř' });
    await user.click(within(vojtech).getByRole('button', { name: 'Upravit kontakt – Vojtěch Řehoř' }));
    const phone = await within(vojtech).findByLabelText('Telefon');
    expect(within(vojtech).getByLabelText('E-mail')).toBeInTheDocument();
    expect(within(vojtech).getByLabelText('Adresa')).toBeInTheDocument();
    expect(within(vojtech).queryByLabelText('Příjmení')).not.toBeInTheDocument();
    await user.type(phone, '+420 731 222 333');
    await user.click(within(vojtech).getByRole('button', { name: 'Uložit' }));
    await waitFor(() =>
      expect(
        jsonBody(
          requests.find((request) => request.method === 'PUT' && request.url === '/api/cms/form/member/6'),
        ),
      ).toEqual({ email: null, phone: '+420 731 222 333', address: null, version: 4 }),
    );
    expect(
      await within(vojtech).findByRole('button', { name: 'Upravit kontakt – Vojtěch Řehoř' }),
    ).toBeVisible();
  });

  it('tells an account paired with nobody to ask the club office', async () => {
    renderApp('/admin/muj-klub', clubApi({ members: [], trains: [], bankAccount: null }));
    expect(await screen.findByRole('heading', { name: /není spojený s žádným členem klubu/ })).toBeVisible();
    expect(screen.getByText(/Požádejte kancelář klubu, aby váš účet spárovala/)).toBeVisible();
  });

  it('shows a trainer the groups they train and the way to attendance', async () => {
    renderApp(
      '/admin/muj-klub',
      clubApi({
        members: [{ ...child(3, 'Tomáš'), relation: 'self' }],
        trains: [{ id: 1, name: 'Přípravka' }],
        bankAccount: null,
      }),
    );
    const trains = await screen.findByRole('region', { name: 'Trénujete' });
    expect(within(trains).getByRole('link', { name: 'Přípravka' })).toHaveAttribute(
      'href',
      '/admin/skupiny/edit?id=1',
    );
    expect(within(trains).getByRole('link', { name: 'Docházka' })).toHaveAttribute(
      'href',
      '/admin/treninky/dochazka',
    );
    expect(screen.getByText('vlastní účet')).toBeInTheDocument();
  });

  it('lands a member’s or parent’s account on the home screen, with their own page next in the menu', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const { router } = renderApp(
      '/admin/login',
      fakeApi(null, (request) => {
        if (request.url === '/api/login') {
          signedIn = true;
          return ok({ user: PARENT });
        }
        if (request.url === '/api/cms/me/club') return ok(CLUB);
        if (request.url === '/api/cms/home') return ok({ tiles: [] });
        if (request.url === '/api/cms/user' && signedIn) return ok({ user: PARENT });
        return undefined;
      }),
    );
    await user.type(await screen.findByLabelText('E-mail'), PARENT.email);
    await user.type(screen.getByLabelText('Heslo'), 'správné heslo');
    await user.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    expect(await screen.findByRole('heading', { name: 'Co je potřeba udělat' })).toBeInTheDocument();
    expect(router.history.location.pathname).toBe('/');
    const navigation = await screen.findByRole('navigation', { name: 'Hlavní navigace' });
    const links = within(navigation).getAllByRole('link');
    expect(links.slice(0, 2).map((link) => link.getAttribute('href'))).toEqual(['/admin', '/admin/muj-klub']);
    await user.click(links[1]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Můj klub' })).toBeInTheDocument();
  });
});
