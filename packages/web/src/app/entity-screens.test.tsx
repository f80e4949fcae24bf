import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../api/api.ts';
import { MEMBER_FORM, MEMBER_GRID, member, ok } from '../test/engine-fixtures.ts';
import type { RecordedRequest } from '../test/http-adapter.ts';
import { ADMIN_USER, fakeApi, renderApp } from '../test/render-app.tsx';
import { serverDatagridSchema, serverFormSchema } from '../test/server-schemas.ts';

afterEach(() => setApiClient(null));

const rowsRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.url === '/api/cms/datagrid/member');
const query = (request: RecordedRequest | undefined) =>
  new URLSearchParams(request?.fullUrl.split('?')[1] ?? '');
const jsonBody = (request: RecordedRequest | undefined) => JSON.parse(String(request?.data ?? '{}'));

function memberApi(options: { items?: ReturnType<typeof member>[]; settings?: unknown } = {}) {
  const items = options.items ?? [member(1, 'Čermák', 'Jan'), member(2, 'Dvořák', 'Petr')];
  return fakeApi(ADMIN_USER, (request) => {
    if (request.url === '/api/cms/datagrid/schema/member') return ok(MEMBER_GRID);
    if (request.url === '/api/cms/user-config' && request.method === 'GET')
      return ok(options.settings ? { 'datagrid.member': { data: options.settings } } : {});
    if (request.url === '/api/cms/user-config' && request.method === 'POST') return ok(jsonBody(request));
    if (request.url === '/api/cms/datagrid/member') {
      const s = query(request).get('s');
      const found = s ? items.filter((item) => item.lastName.toLowerCase().includes(s)) : items;
      return ok({ items: found, total: found.length, page: 1, limit: 25 });
    }
    if (request.url === '/api/cms/form/member/schema') return ok(MEMBER_FORM);
    return undefined;
  });
}

describe('member list', () => {
  it('asks for a page in the declared order and shows rows with Czech labels and the total', async () => {
    const { requests } = renderApp('/admin/clenove', memberApi());
    expect(await screen.findByRole('heading', { level: 1, name: 'Členové' })).toBeInTheDocument();
    expect(await screen.findByText('Čermák')).toBeInTheDocument();
    expect(screen.getAllByText('Závodník')).toHaveLength(2);
    expect(screen.getByText('Celkem 2 členové')).toBeInTheDocument();
    const first = query(rowsRequests(requests)[0]);
    expect(Object.fromEntries(first)).toEqual({ page: '1', limit: '25', sort: 'lastName', direction: 'asc' });
    expect(screen.getByRole('link', { name: 'Přidat' })).toHaveAttribute('href', '/admin/clenove/create');
  });

  it('asks for the user, the schema, the settings and the first page once each', async () => {
    const { requests } = renderApp('/admin/clenove', memberApi());
    expect(await screen.findByText('Čermák')).toBeInTheDocument();
    // The list's prefetch asked for them while its code loaded; the screen's hooks took those answers over.
    const gets = requests.filter((request) => request.method === 'GET').map((request) => request.url);
    for (const url of [
      '/api/cms/user',
      '/api/cms/datagrid/schema/member',
      '/api/cms/user-config',
      '/api/cms/datagrid/member',
    ])
      expect(
        gets.filter((asked) => asked === url),
        url,
      ).toHaveLength(1);
  });

  it('says "přes" for an approximate total and still offers the page after a full one', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, index) => member(index + 1, `Novák ${index + 1}`, 'Jan'));
    const { requests } = renderApp(
      '/admin/clenove?s=nov',
      fakeApi(ADMIN_USER, (request) => {
        if (request.url === '/api/cms/datagrid/schema/member') return ok(MEMBER_GRID);
        if (request.url === '/api/cms/user-config') return ok({});
        if (request.url === '/api/cms/datagrid/member') {
          const page = Number(query(request).get('page'));
          return ok({ items: many, total: 3000, totalApproximate: true, page, limit: 25 });
        }
        return undefined;
      }),
    );
    expect(await screen.findByText(/^Nalezeno přes 3\s000 členů$/)).toBeInTheDocument();
    expect(await screen.findByText(/^1–25 z více než 3\s000$/)).toBeInTheDocument();
    // Page 121 lies past the counted rows: reachable from page 120, which is full.
    await user.click(screen.getByRole('button', { name: '120' }));
    await waitFor(() => expect(query(rowsRequests(requests).at(-1)).get('page')).toBe('120'));
    expect(await screen.findByText(/^2\s976–3\s000 z více než 3\s000$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Další stránka' }));
    await waitFor(() => expect(query(rowsRequests(requests).at(-1)).get('page')).toBe('121'));
    expect(await screen.findByText(/^3\s001–3\s025 z více než 3\s025$/)).toBeInTheDocument();
  });

  it('uses the stored settings, and stores a new sort for the user', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      '/admin/clenove',
      memberApi({ settings: { pageSize: 10, sort: { column: 'firstName', direction: 'desc' } } }),
    );
    await screen.findByText('Čermák');
    expect(Object.fromEntries(query(rowsRequests(requests)[0]))).toMatchObject({
      limit: '10',
      sort: 'firstName',
      direction: 'desc',
    });
    // A sortable column's title is a button; its header cell says how the table is sorted.
    const surname = screen.getByRole('columnheader', { name: /^Příjmení/ });
    expect(surname).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /^Jméno/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(surname).getByRole('button', { name: 'Příjmení' }));
    await waitFor(() => expect(surname).toHaveAttribute('aria-sort', 'ascending'));
    await waitFor(() =>
      expect(
        requests.some((request) => request.method === 'POST' && request.url === '/api/cms/user-config'),
      ).toBe(true),
    );
    const saved = jsonBody(requests.find((request) => request.method === 'POST'));
    expect(saved.name).toBe('datagrid.member');
    expect(saved.data.sort).toEqual({ column: 'lastName', direction: 'asc' });
    expect(saved.data.pageSize).toBe(10);
    await waitFor(() => expect(query(rowsRequests(requests).at(-1)).get('sort')).toBe('lastName'));
  });

  it('searches after a pause in typing and says when nothing matches', async () => {
    // Keys without pauses between them, so a busy machine cannot make a pause the debounce sees.
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp('/admin/clenove', memberApi());
    await screen.findByText('Čermák');
    await user.type(screen.getByRole('searchbox', { name: 'Hledat: Členové' }), 'xyz');
    expect(await screen.findByText('Hledání ani filtrům nic neodpovídá')).toBeInTheDocument();
    // One request for the whole word, not one per keystroke.
    expect(rowsRequests(requests).filter((request) => query(request).has('s'))).toHaveLength(1);
    expect(query(rowsRequests(requests).at(-1)).get('s')).toBe('xyz');
    await user.click(screen.getByRole('button', { name: 'Zrušit hledání a filtry' }));
    expect(await screen.findByText('Čermák')).toBeInTheDocument();
  });

  it('asks before deleting and deletes only after confirmation', async () => {
    const user = userEvent.setup();
    const deletes: string[] = [];
    const api = memberApi();
    const { requests } = renderApp('/admin/clenove', (request) => {
      if (request.method === 'DELETE') {
        deletes.push(request.url);
        return ok(null);
      }
      return api(request);
    });
    await screen.findByText('Čermák');
    await user.click(screen.getByRole('button', { name: 'Smazat člena Jan Čermák' }));
    const dialog = await screen.findByRole('dialog', { name: 'Smazat člena Jan Čermák?' });
    expect(within(dialog).getByText('Smazání půjde vrátit v koši.')).toBeInTheDocument();
    expect(deletes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Smazat' }));
    await waitFor(() => expect(deletes).toEqual(['/api/cms/form/member/1']));
    expect(await screen.findByText('Smazáno: Jan Čermák')).toBeInTheDocument();
    await waitFor(() => expect(rowsRequests(requests).length).toBeGreaterThan(1));
  });
});

describe('member form', () => {
  it('checks required fields in the browser with the server’s Czech messages, then creates and opens the record', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    const api = memberApi();
    const { router } = renderApp('/admin/clenove/create', (request) => {
      if (request.method === 'POST' && request.url === '/api/cms/form/member') {
        posts.push(jsonBody(request));
        return { status: 201, body: { data: { id: 7, version: 1, ...jsonBody(request) } } };
      }
      if (request.url === '/api/cms/form/member/7')
        return ok(member(7, 'Řezníčková', 'Šárka', { memberType: 'ATHLETE' }));
      return api(request);
    });
    await user.click(await screen.findByRole('button', { name: 'Uložit' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Nový člen' })).toBeInTheDocument();
    expect(await screen.findByText('Vyplňte pole „Příjmení“.')).toBeInTheDocument();
    expect(screen.getByText('Vyplňte pole „Jméno“.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Příjmení/)).toHaveFocus();
    expect(posts).toEqual([]);

    await user.type(screen.getByLabelText(/Příjmení/), 'Řezníčková');
    await user.type(screen.getByLabelText(/Jméno/), 'Šárka');
    await user.type(screen.getByLabelText('E-mail'), 'nejde');
    await user.click(screen.getByRole('button', { name: 'Uložit' }));
    expect(
      await screen.findByText('Zadejte do pole „E-mail“ platnou e-mailovou adresu.'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('E-mail'));
    await user.click(screen.getByRole('button', { name: 'Uložit' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    // Every field of the real member form: what was typed, the declared defaults, and nulls.
    expect(posts[0]).toEqual({
      lastName: 'Řezníčková',
      firstName: 'Šárka',
      birthDate: null,
      gender: null,
      birthNumber: null,
      citizenship: 'CZ',
      photo: null,
      email: null,
      phone: null,
      address: null,
      memberType: 'ATHLETE',
      competingFrom: null,
      competingTo: null,
      coachingFrom: null,
      coachingTo: null,
      registrationNumber: null,
      active: true,
      note: null,
    });
    expect(await screen.findByText('Uloženo')).toBeInTheDocument();
    await waitFor(() => expect(router.history.location.search).toBe('?id=7'));
    expect(router.history.location.pathname).toBe('/clenove/edit');
  });

  it('refuses a birth date in the future on the field before anything is sent', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    const api = memberApi();
    renderApp('/admin/clenove/create', (request) => {
      if (request.method === 'POST') posts.push(jsonBody(request));
      return api(request);
    });
    await user.type(await screen.findByLabelText(/Příjmení/), 'Čermák');
    await user.type(screen.getByLabelText(/Jméno/), 'Martin');
    const birth = screen.getByLabelText('Datum narození');
    await user.type(birth, '1. 1. 2099');
    await user.tab();
    await waitFor(() =>
      expect(birth).toHaveAccessibleDescription('„Datum narození“ nesmí být v budoucnosti.'),
    );
    await user.click(screen.getByRole('button', { name: 'Uložit' }));
    expect(birth).toHaveFocus();
    expect(posts).toEqual([]);
  });

  it('refuses an end before the start on the end’s field, as the server would', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    renderApp(
      '/admin/soustredeni/create',
      fakeApi(ADMIN_USER, (request) => {
        if (request.url === '/api/cms/form/camp/schema') return ok(serverFormSchema('camp'));
        if (request.method === 'POST') posts.push(jsonBody(request));
        return undefined;
      }),
    );
    await user.type(await screen.findByLabelText(/Název/), 'Zimní soustředění');
    await user.type(screen.getByLabelText(/^Od/), '10. 2. 2027');
    const to = screen.getByLabelText(/^Do/);
    await user.type(to, '1. 2. 2027');
    await user.tab();
    await waitFor(() =>
      expect(to).toHaveAccessibleDescription('„Do“ nesmí být dřív než „Od“ (10. 2. 2027).'),
    );
    await user.click(screen.getByRole('button', { name: 'Uložit' }));
    expect(posts).toEqual([]);
  });

  it('shows the server’s validation messages on their fields', async () => {
    const user = userEvent.setup();
    const api = memberApi();
    renderApp('/admin/clenove/edit?id=1', (request) => {
      if (request.url === '/api/cms/form/member/1' && request.method === 'GET')
        return ok(member(1, 'Čermák', 'Jan'));
      if (request.method === 'PUT') {
        return {
          status: 400,
          body: {
            error: {
              message: 'Hodnotu pole „E-mail“ už má jiný záznam.',
              code: 'VALIDATION_FAILED',
              status: 400,
            },
            validationErrors: [{ path: 'email', message: 'Hodnotu pole „E-mail“ už má jiný záznam.' }],
          },
        };
      }
      return api(request);
    });
    const email = await screen.findByLabelText('E-mail');
    await user.type(email, 'jan@klub.cz');
    await user.click(screen.getByRole('button', { name: 'Uložit' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/už má jiný záznam/));
    expect(email).toHaveValue('jan@klub.cz');
  });

  it('on a stale version shows what someone else changed and can load it or overwrite knowingly', async () => {
    const user = userEvent.setup();
    const puts: Array<Record<string, unknown>> = [];
    const api = memberApi();
    const theirs = member(1, 'Čermáková', 'Jana', { version: 2 });
    renderApp('/admin/clenove/edit?id=1', (request) => {
      if (request.url === '/api/cms/form/member/1' && request.method === 'GET')
        return ok(member(1, 'Čermák', 'Jan'));
      if (request.method === 'PUT') {
        const body = jsonBody(request);
        puts.push(body);
        if (body.version === 1) {
          return {
            status: 409,
            body: {
              error: {
                message: 'Záznam mezitím uložil někdo jiný.',
                code: 'CONFLICT',
                status: 409,
                current: theirs,
              },
            },
          };
        }
        return ok({ ...theirs, ...body, version: 3 });
      }
      return api(request);
    });
    const firstName = await screen.findByLabelText(/Jméno/);
    await user.clear(firstName);
    await user.type(firstName, 'Honza');
    await user.click(screen.getByRole('button', { name: 'Uložit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Záznam mezitím změnil někdo jiný' });
    const changes = within(dialog).getByRole('table', { name: 'Změny od jiného uživatele' });
    expect(within(changes).getByText('Čermáková')).toBeInTheDocument();
    expect(within(changes).getByText('Honza')).toBeInTheDocument();
    expect(within(changes).getByText('změnili jste obě strany')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Načíst uloženou verzi' }));
    await waitFor(() => expect(screen.getByLabelText(/Příjmení/)).toHaveValue('Čermáková'));
    expect(screen.getByLabelText(/Jméno/)).toHaveValue('Jana');

    await user.clear(screen.getByLabelText(/Jméno/));
    await user.type(screen.getByLabelText(/Jméno/), 'Johana');
    await user.click(screen.getByRole('button', { name: 'Uložit' }));
    await waitFor(() => expect(puts.at(-1)).toMatchObject({ firstName: 'Johana', version: 2 }));
    expect(await screen.findByText('Uloženo')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    const api = memberApi();
    const { router } = renderApp('/admin/clenove/edit?id=1', (request) => {
      if (request.url === '/api/cms/form/member/1') return ok(member(1, 'Čermák', 'Jan'));
      return api(request);
    });
    await user.type(await screen.findByLabelText(/Jméno/), 'ek');
    await user.click(screen.getByRole('link', { name: 'Zpět na seznam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuložené změny' });
    await user.click(within(dialog).getByRole('button', { name: 'Zůstat' }));
    expect(router.history.location.pathname).toBe('/clenove/edit');
    expect(screen.getByLabelText(/Jméno/)).toHaveValue('Janek');

    await user.click(screen.getByRole('link', { name: 'Zpět na seznam' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Neuložené změny' })).getByRole('button', {
        name: 'Odejít bez uložení',
      }),
    );
    await waitFor(() => expect(router.history.location.pathname).toBe('/clenove'));
  });
});

describe('a list for a person whom row rules limit', () => {
  it('offers a new record where the row rules let them create one, and the import only to the office', async () => {
    const trainer = { ...ADMIN_USER, id: 7, roles: ['ROLE_USER' as const] };
    renderApp(
      '/admin/treninky',
      fakeApi(trainer, (request) => {
        if (request.url === '/api/cms/datagrid/schema/training')
          return ok(serverDatagridSchema('training', ['ROLE_USER']));
        if (request.url === '/api/cms/user-config') return ok({});
        if (request.url === '/api/cms/datagrid/training')
          return ok({ items: [], total: 0, page: 1, limit: 25 });
        if (request.url === '/api/cms/me/club')
          return ok({ members: [], trains: [{ id: 1, name: 'Přípravka' }] });
        return undefined;
      }),
    );
    expect(await screen.findByRole('link', { name: 'Přidat' })).toHaveAttribute(
      'href',
      '/admin/treninky/create',
    );
    expect(screen.queryByRole('link', { name: 'Importovat' })).not.toBeInTheDocument();
  });

  const trainingApi = (trains: boolean) =>
    fakeApi({ ...ADMIN_USER, id: 7, roles: ['ROLE_USER'] }, (request) => {
      if (request.url === '/api/cms/form/training/schema')
        return ok(serverFormSchema('training', ['ROLE_USER']));
      if (request.url === '/api/cms/form/training/3')
        return ok({
          id: 3,
          version: 1,
          group: 1,
          startsAt: '2026-11-26T15:00:00Z',
          endsAt: '2026-11-26T16:30:00Z',
          series: 'podzim',
          _labels: { group: 'Přípravka' },
        });
      if (request.url === '/api/cms/form/group/schema') return ok(serverFormSchema('group', ['ROLE_USER']));
      if (request.url === '/api/cms/form/group/1') return ok({ id: 1, version: 1, name: 'Přípravka' });
      if (request.url === '/api/cms/me/club')
        return ok({ members: [], trains: trains ? [{ id: 1, name: 'Přípravka' }] : [] });
      return undefined;
    });

  it('links a trainer to the attendance and series work of a training, a parent not', async () => {
    renderApp('/admin/treninky/edit?id=3', trainingApi(true));
    expect(await screen.findByRole('link', { name: 'Docházka tréninku' })).toHaveAttribute(
      'href',
      '/admin/treninky/dochazka?id=3',
    );
    expect(screen.getByRole('heading', { name: 'Trénink je součástí série' })).toBeInTheDocument();
    cleanup();
    const { requests } = renderApp('/admin/treninky/edit?id=3', trainingApi(false));
    await screen.findByRole('heading', { level: 1, name: /^Úprava tréninku/ });
    await waitFor(() => expect(requests.some((request) => request.url === '/api/cms/me/club')).toBe(true));
    expect(screen.queryByRole('link', { name: 'Docházka tréninku' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Trénink je součástí série' })).not.toBeInTheDocument();
  });

  it('leaves the bulk setup of a group to the office', async () => {
    renderApp('/admin/skupiny/edit?id=1', trainingApi(true));
    await screen.findByRole('heading', { name: /^Členové skupiny/ });
    expect(screen.queryByRole('link', { name: 'Upravit členy' })).not.toBeInTheDocument();
  });
});
