import type { GroupSetupCandidates } from '@klubovna/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../api/api.ts';
import { ADMIN_USER, fakeApi, renderApp } from '../../test/render-app.tsx';

afterEach(() => setApiClient(null));

const person = (id: number, lastName: string, birthYear: number, groupIds: number[] = []) => ({
  id,
  firstName: 'Jan',
  lastName,
  birthYear,
  memberType: 'ATHLETE',
  active: true,
  groupIds,
});

/** The candidates on `from`: Dvořák's membership of Dorost A begins on 15. 9. 2026. */
const candidates = (from: string): GroupSetupCandidates => ({
  from,
  categories: [{ id: 1, name: 'Dorost', ageFrom: 15, ageTo: 18 }],
  groups: [{ id: 10, name: 'Dorost A', categoryId: 1, capacity: null }],
  members: [
    person(1, 'Čermák', 2011),
    person(2, 'Dvořák', 2009, from <= '2026-09-15' ? [10] : []),
    person(3, 'Malý', 2016),
  ],
});

describe('bulk group setup', () => {
  it('sets the members from a chosen day and filters by the category’s years of birth', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      '/admin/clenove-skupiny/hromadne-nastaveni-skupiny?skupina=10&od=2026-09-20',
      fakeApi(ADMIN_USER, (request) => {
        if (request.url === '/api/cms/action/group/setup-candidates') {
          const from = new URLSearchParams(request.fullUrl.split('?')[1]).get('from') ?? '';
          return { status: 200, body: { data: candidates(from) } };
        }
        if (request.url === '/api/cms/action/group/set-members')
          return { status: 200, body: { data: { added: 1, removed: 0, backdated: 0, members: 2 } } };
        return undefined;
      }),
    );
    const day = await screen.findByRole('textbox', { name: 'Ve skupině od' });
    expect(day).toHaveValue('20. 9. 2026');
    expect(await screen.findByText('Ve skupinách od 20. 9. 2026')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Ve skupině: Dvořák Jan' })).not.toBeChecked();

    await user.clear(day);
    await user.type(day, '1. 9. 2026');
    await user.tab();
    expect(await screen.findByText('Ve skupinách od 1. 9. 2026')).toBeInTheDocument();
    // On 1. 9. Dvořák is in the group (from 15. 9. on), so he starts ticked.
    expect(screen.getByRole('checkbox', { name: 'Ve skupině: Dvořák Jan' })).toBeChecked();

    // Dorost (15–18) in 2026 takes the years 2008–2011, whichever group the members are in now.
    await user.click(screen.getByRole('combobox', { name: 'Kategorie' }));
    await user.click(await screen.findByRole('option', { name: 'Dorost (ročníky 2008–2011)' }));
    await waitFor(() => expect(screen.queryByText('Malý Jan')).not.toBeInTheDocument());
    expect(screen.getByText('Čermák Jan')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Ve skupině: Čermák Jan' }));
    await user.click(screen.getByRole('button', { name: 'Uložit skupinu' }));
    expect(
      await screen.findByText('Skupina Dorost A uložena od 1. 9. 2026: přidáno 1 člen, odebráno 0 členů.'),
    ).toBeInTheDocument();
    const saved = requests.find((request) => request.url === '/api/cms/action/group/set-members');
    expect(JSON.parse(String(saved?.data))).toEqual({
      groupId: 10,
      memberIds: [2, 1],
      validFrom: '2026-09-01',
    });
  });
});
