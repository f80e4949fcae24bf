import { API_PATHS, type PairedMember, type ProfileSuggestions } from '@klubovna/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../api/api.ts';
import { ok } from '../../test/engine-fixtures.ts';
import type { RecordedRequest } from '../../test/http-adapter.ts';
import { ADMIN_USER, fakeApi, renderApp } from '../../test/render-app.tsx';

afterEach(() => setApiClient(null));

const child = (id: number, firstName: string, lastName: string, birthDate: string | null): PairedMember => ({
  id,
  firstName,
  lastName,
  birthDate,
  email: null,
});
const ZOFIE = child(5, 'Žofie', 'Párová', '2012-02-03');
const VOJTA = child(6, 'Vojtěch', 'Pár', null);
const OTA = { ...child(7, 'Ota', 'Hromadný', null), email: 'ota@rodina.test' };

/** A parent whose e-mail two guardian records name, and a member's own sure match. */
const SUGGESTIONS: ProfileSuggestions = {
  profiles: [
    {
      id: 31,
      email: 'jana.parova@rodina.test',
      firstName: 'Jana',
      lastName: 'Párová',
      active: true,
      suggestions: [],
      guardianOf: [
        { guardianId: 41, name: 'Jana Párová', member: ZOFIE },
        { guardianId: 42, name: 'Jana Párová', member: VOJTA },
      ],
    },
    {
      id: 32,
      email: 'ota@rodina.test',
      firstName: 'Ota',
      lastName: 'Hromadný',
      active: true,
      suggestions: [{ member: OTA, confidence: 'sure', reasons: ['stejný e-mail', 'stejné jméno'] }],
      guardianOf: [],
    },
  ],
};

/** The pairing screen's API: the suggestions until something is accepted, then none. */
function pairingApi() {
  let accepted = false;
  const bodies: Array<Record<string, unknown>> = [];
  const reply = fakeApi(ADMIN_USER, (request: RecordedRequest, body) => {
    if (request.url === API_PATHS.pairingSuggestions) return ok(accepted ? { profiles: [] } : SUGGESTIONS);
    if (request.url === API_PATHS.profiles) return ok({ items: [], total: 0, page: 1, limit: 20 });
    if (request.method === 'POST' && request.url === API_PATHS.acceptPairings) {
      bodies.push(body);
      accepted = true;
      const count = (key: string) => (Array.isArray(body[key]) ? (body[key] as unknown[]).length : 0);
      return ok({ paired: count('pairs'), guardians: count('guardians') });
    }
    return undefined;
  });
  return { reply, bodies };
}

describe('bulk pairing', () => {
  it('offers a profile as the guardian of each child whose guardian record has its e-mail, and accepts one', async () => {
    const user = userEvent.setup();
    const { reply, bodies } = pairingApi();
    renderApp('/admin/clenove/hromadne-parovani', reply);
    const parent = await screen.findByRole('article', { name: 'Profil Jana Párová' });
    expect(within(parent).getByText('zákonný zástupce: Žofie Párová (3. 2. 2012)')).toBeInTheDocument();
    expect(within(parent).getByText('zákonný zástupce: Vojtěch Pár')).toBeInTheDocument();
    expect(within(parent).getAllByText('Jistá shoda')).toHaveLength(2);
    expect(within(parent).getAllByText('stejný e-mail (záznam zástupce: Jana Párová)')).toHaveLength(2);
    expect(within(parent).queryByText('Žádný návrh: vyberte člena ručně.')).not.toBeInTheDocument();

    await user.click(
      within(parent).getByRole('button', {
        name: 'Přijmout profil jana.parova@rodina.test jako zákonného zástupce člena Žofie Párová',
      }),
    );
    await screen.findByText('Spárováno: jana.parova@rodina.test – zákonný zástupce: Žofie Párová.');
    expect(bodies).toEqual([{ guardians: [{ profileId: 31, guardianId: 41 }] }]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Profil Jana Párová' })).toBeNull());
  });

  it('accepts the sure guardians with the sure members at once', async () => {
    const user = userEvent.setup();
    const { reply, bodies } = pairingApi();
    renderApp('/admin/clenove/hromadne-parovani', reply);
    await user.click(await screen.findByRole('button', { name: 'Přijmout všechny jisté návrhy (3)' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Spárovat 1 dvojici profilů a členů a 2 dvojice profilů a zákonných zástupců najednou?',
        { exact: false },
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Spárovat vše' }));
    await screen.findByText('Spárováno: 3 dvojice.');
    expect(bodies).toEqual([
      {
        pairs: [{ profileId: 32, memberId: 7 }],
        guardians: [
          { profileId: 31, guardianId: 41 },
          { profileId: 31, guardianId: 42 },
        ],
      },
    ]);
    await screen.findByRole('button', { name: 'Přijmout všechny jisté návrhy (0)' });
  });
});
