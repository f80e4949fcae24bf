import type { Role, UserDto } from '@klubovna/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../api/api.ts';
import { member, ok } from '../../test/engine-fixtures.ts';
import type { RecordedRequest } from '../../test/http-adapter.ts';
import { ADMIN_USER, fakeApi, type Handler, renderApp } from '../../test/render-app.tsx';
import { serverDatagridSchema, serverFormSchema } from '../../test/server-schemas.ts';

afterEach(() => setApiClient(null));

const PARENT: UserDto = { ...ADMIN_USER, id: 7, roles: ['ROLE_USER'] };
const FORMER = member(5, 'Bývalá', 'Bohdana', { active: false, email: 'bohdana@posta.test' });
const query = (request: RecordedRequest) => new URLSearchParams(request.fullUrl.split('?')[1] ?? '');

/** The member, their guardian and consent, with the schemas the server gives `roles`. */
function memberApi(user: UserDto, roles: Role[], handler: Handler = () => undefined) {
  return fakeApi(user, (request, body) => {
    const answer = handler(request, body);
    if (answer) return answer;
    for (const alias of ['member', 'guardian', 'consent']) {
      if (request.url === `/api/cms/form/${alias}/schema`) return ok(serverFormSchema(alias, roles));
      if (request.url === `/api/cms/datagrid/schema/${alias}`) return ok(serverDatagridSchema(alias, roles));
    }
    if (request.url === '/api/cms/form/member/5') return ok(FORMER);
    if (request.url === '/api/cms/datagrid/guardian' && query(request).get('filter[member]') === '5')
      return ok({
        items: [{ id: 21, version: 1, member: 5, name: 'Bořivoj Bývalý', relationship: 'FATHER' }],
        total: 1,
        page: 1,
        limit: 100,
      });
    if (request.url === '/api/cms/datagrid/consent') return ok({ items: [], total: 0, page: 1, limit: 100 });
    if (request.url === '/api/cms/me/club') return ok({ members: [], trains: [] });
    return undefined;
  });
}

describe('member form', () => {
  it('lists the guardians and consents under it, each with a way to add one for this member', async () => {
    const { requests } = renderApp('/admin/clenove/edit?id=5', memberApi(ADMIN_USER, ['ROLE_ADMIN']));
    const guardians = await screen.findByRole('region', { name: 'Zákonní zástupci' });
    expect(await within(guardians).findByRole('link', { name: 'Bořivoj Bývalý' })).toHaveAttribute(
      'href',
      '/admin/zakonni-zastupci/edit?id=21',
    );
    expect(within(guardians).getByText('Otec')).toBeInTheDocument();
    expect(within(guardians).getByRole('link', { name: 'Přidat zákonného zástupce' })).toHaveAttribute(
      'href',
      '/admin/zakonni-zastupci/create?member=5',
    );
    const consents = screen.getByRole('region', { name: 'Souhlasy' });
    expect(await within(consents).findByText('Člen zatím nedal žádný souhlas.')).toBeInTheDocument();
    expect(within(consents).getByRole('link', { name: 'Přidat souhlas' })).toHaveAttribute(
      'href',
      '/admin/souhlasy/create?member=5',
    );
    const consentRows = requests.find((request) => request.url === '/api/cms/datagrid/consent');
    expect(query(consentRows!).get('filter[member]')).toBe('5');
  });

  it('gives the office the member’s data as a file, and anonymises a former member after a confirmation', async () => {
    const user = userEvent.setup();
    const erased = { ...FORMER, version: 2, firstName: 'Anonymizovaný', lastName: 'člen 5', email: null };
    const { requests } = renderApp(
      '/admin/clenove/edit?id=5',
      memberApi(ADMIN_USER, ['ROLE_ADMIN'], (request) =>
        request.method === 'POST' && request.url === '/api/cms/action/member/5/erase'
          ? ok(erased)
          : undefined,
      ),
    );
    // A POST: each download is recorded in the member's history (a link would only GET).
    await user.click(await screen.findByRole('button', { name: 'Stáhnout osobní údaje' }));
    await waitFor(() =>
      expect(
        requests.some(
          (request) => request.method === 'POST' && request.url === '/api/cms/action/member/5/personal-data',
        ),
      ).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Anonymizovat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anonymizovat bývalého člena?' });
    expect(dialog).toHaveTextContent('Anonymizovat člena Bohdana Bývalá? Jméno, datum narození');
    expect(requests.some((request) => request.url.endsWith('/erase'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Anonymizovat' }));
    expect(await screen.findByText('Člen je anonymizován.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Jméno/)).toHaveValue('Anonymizovaný'));
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('');
  });

  it('offers no anonymisation of an active member', async () => {
    renderApp(
      '/admin/clenove/edit?id=5',
      memberApi(ADMIN_USER, ['ROLE_ADMIN'], (request) =>
        request.url === '/api/cms/form/member/5' ? ok({ ...FORMER, active: true }) : undefined,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Stáhnout osobní údaje' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anonymizovat' })).not.toBeInTheDocument();
  });

  it('shows a parent their child’s record without the office’s panels, and no new member to create', async () => {
    const { requests } = renderApp('/admin/clenove/edit?id=5', memberApi(PARENT, ['ROLE_USER']));
    const guardians = await screen.findByRole('region', { name: 'Zákonní zástupci' });
    await within(guardians).findByText('Bořivoj Bývalý');
    // Guardians are the office's to record; consents the parent gives.
    expect(within(guardians).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Přidat souhlas' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ochrana osobních údajů' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Spárované profily' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url.includes('/api/admin/profile/'))).toBe(false);
    expect(screen.getByLabelText(/^Příjmení/)).toBeDisabled();
    expect(screen.getByLabelText(/^Telefon/)).toBeEnabled();
  });

  it('tells a parent at a new member’s address that the club office creates members', async () => {
    renderApp('/admin/clenove/create', memberApi(PARENT, ['ROLE_USER']));
    expect(await screen.findByText('Nový záznam založit nemůžete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Uložit' })).not.toBeInTheDocument();
  });

  it('starts a consent added from a member’s form with that member chosen', async () => {
    renderApp('/admin/souhlasy/create?member=5&kind=CLUB_EMAILS', memberApi(ADMIN_USER, ['ROLE_ADMIN']));
    const chosen = await screen.findByRole('combobox', { name: /^Člen/ });
    expect(chosen).toHaveValue('Bývalá Bohdana');
    expect(screen.getAllByLabelText(/^Souhlas s/)[0]).toHaveValue('E-maily od klubu');
  });
});
