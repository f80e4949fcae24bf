import type { RaceParticipantRow, RaceParticipants } from '@klubovna/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../api/api.ts';
import { ok } from '../../test/engine-fixtures.ts';
import { ADMIN_USER, fakeApi, renderApp } from '../../test/render-app.tsx';
import { serverDatagridSchema, serverFormSchema } from '../../test/server-schemas.ts';

afterEach(() => setApiClient(null));

const RACE = { id: 1, version: 1, name: 'Pražský půlmaraton', dateFrom: '2026-04-05', categories: null };
const ENTRY = {
  id: 9,
  version: 1,
  memberId: 3,
  memberName: 'Eva Čermáková',
  memberLabel: 'Čermáková Eva',
  waitingPosition: null,
  firstName: 'Eva',
  lastName: 'Čermáková',
  category: null,
  resultTime: null,
  resultPlace: null,
  note: null,
  medicalWarning: null,
  paymentState: 'PAID',
} satisfies RaceParticipantRow;
const TIME_MESSAGE = 'Čas zapište jako 45:12, 1:02:03 nebo 9:58,4.';

describe('race entries', () => {
  it('shows a refused result time on the time’s input, not only in a message', async () => {
    const user = userEvent.setup();
    renderApp(
      '/admin/zavody/edit?id=1',
      fakeApi(ADMIN_USER, (request) => {
        if (request.url === '/api/cms/form/race/schema') return ok(serverFormSchema('race'));
        // The panel names an entry's noun in its dialogs from the entities' labels.
        if (request.url === '/api/cms/tables')
          return ok([{ alias: 'race-participant', labels: serverDatagridSchema('race-participant').labels }]);
        if (request.url === '/api/cms/form/race/1') return ok(RACE);
        if (request.url === '/api/admin/race/1/participants')
          return ok({
            capacity: null,
            participants: [ENTRY],
            waiting: [],
            categories: [],
            resultsOpen: true,
          } satisfies RaceParticipants);
        if (request.method === 'PUT' && request.url === '/api/cms/form/race-participant/9')
          return {
            status: 400,
            body: {
              error: { message: TIME_MESSAGE, code: 'VALIDATION_FAILED', status: 400 },
              validationErrors: [{ path: 'resultTime', message: TIME_MESSAGE }],
            },
          };
        return undefined;
      }),
    );
    const time = await screen.findByRole('textbox', { name: 'Čas – Eva Čermáková' });
    // The entry's payment request's state, read from the payment.
    expect(screen.getByRole('row', { name: /Čermáková Eva/ })).toHaveTextContent('Zaplaceno');
    await user.type(time, 'hodina');
    await user.click(screen.getByRole('button', { name: 'Uložit – Eva Čermáková' }));
    await waitFor(() => expect(time).toHaveAccessibleDescription(TIME_MESSAGE));
    expect(time).toHaveAttribute('aria-invalid', 'true');
  });
});
