import type { CampParticipantRow, CampParticipants } from '@klubovna/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../api/api.ts';
import { ok } from '../../test/engine-fixtures.ts';
import { ADMIN_USER, fakeApi, renderApp } from '../../test/render-app.tsx';
import { serverDatagridSchema, serverFormSchema } from '../../test/server-schemas.ts';

afterEach(() => setApiClient(null));

const CAMP = {
  id: 4,
  version: 3,
  name: 'Letní Orlice',
  dateFrom: '2027-07-05',
  dateTo: '2027-07-12',
  capacity: 2,
};

const person = (
  id: number,
  firstName: string,
  lastName: string,
  waitingPosition: number | null,
  paymentState: CampParticipantRow['paymentState'] = null,
) =>
  ({
    id,
    version: 1,
    memberId: id + 100,
    memberName: `${firstName} ${lastName}`,
    memberLabel: `${lastName} ${firstName}`,
    waitingPosition,
    firstName,
    lastName,
    birthDate: '2012-01-15',
    paymentState,
    note: null,
  }) satisfies CampParticipantRow;

const LISTS: CampParticipants = {
  capacity: 2,
  participants: [person(1, 'Alois', 'Kapacitní', null, 'PARTLY_PAID'), person(2, 'Běla', 'Kapacitní', null)],
  waiting: [person(3, 'Cecílie', 'Čekatelová', 1)],
};

function renderCamp() {
  return renderApp(
    '/admin/soustredeni/edit?id=4',
    fakeApi(ADMIN_USER, (request) => {
      if (request.url === '/api/cms/form/camp/schema') return ok(serverFormSchema('camp'));
      if (request.url === '/api/cms/tables')
        return ok([{ alias: 'camp-participant', labels: serverDatagridSchema('camp-participant').labels }]);
      if (request.url === '/api/cms/form/camp/4') return ok(CAMP);
      if (request.url === '/api/admin/camp/4/participants') return ok(LISTS);
      if (request.method === 'DELETE') return ok(null);
      return undefined;
    }),
  );
}

describe('camp participants', () => {
  it('counts the places against the capacity and lists who waits, in order', async () => {
    renderCamp();
    const participants = await screen.findByRole('table', { name: 'Účastníci' });
    expect(screen.getByText('(2 z 2)')).toBeInTheDocument();
    expect(
      within(participants)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'JménoDatum narozeníPlatbaPoznámkaAkce',
      expect.stringContaining('Kapacitní Alois15. 1. 2012'),
      expect.stringContaining('Kapacitní Běla15. 1. 2012'),
    ]);
    const waiting = screen.getByRole('table', { name: 'Čekací listina' });
    expect(within(waiting).getByRole('row', { name: /^1\. Čekatelová Cecílie/ })).toBeInTheDocument();
  });

  it('shows the state of each participant’s payment request, a dash without one', async () => {
    renderCamp();
    const participants = await screen.findByRole('table', { name: 'Účastníci' });
    expect(within(participants).getByRole('row', { name: /Kapacitní Alois/ })).toHaveTextContent(
      'Zaplaceno částečně',
    );
    expect(within(participants).getByRole('row', { name: /Kapacitní Běla/ })).toHaveTextContent(
      '15. 1. 2012–',
    );
    // Nothing to choose: the state comes from the payment.
    expect(screen.queryByRole('combobox', { name: /^Platba/ })).not.toBeInTheDocument();
  });

  it('asks before signing one off, saying who moves up', async () => {
    const user = userEvent.setup();
    const { requests } = renderCamp();
    await user.click(
      await screen.findByRole('button', { name: 'Odhlásit účastníka soustředění Alois Kapacitní' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Odhlásit účastníka soustředění Alois Kapacitní?',
    });
    expect(dialog).toHaveTextContent('Uvolněné místo dostane první čekající.');
    await user.click(within(dialog).getByRole('button', { name: 'Odhlásit' }));
    await screen.findByText('Odhlášeno: Alois Kapacitní.');
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      '/api/cms/form/camp-participant/1',
    ]);

    await user.click(
      screen.getByRole('button', { name: 'Odhlásit účastníka soustředění Cecílie Čekatelová' }),
    );
    const waiting = await screen.findByRole('dialog', {
      name: 'Odebrat z čekací listiny účastníka soustředění Cecílie Čekatelová?',
    });
    expect(waiting).toHaveTextContent('Ostatní čekající se posunou.');
  });
});
