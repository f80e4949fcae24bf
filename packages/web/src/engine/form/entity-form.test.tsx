import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiClient } from '../../api/api.ts';
import { MEMBER_FORM, ok } from '../../test/engine-fixtures.ts';
import { ADMIN_USER, fakeApi, renderApp } from '../../test/render-app.tsx';
import { validationLoaded } from './form-validation.ts';

afterEach(() => setApiClient(null));

const memberForm = () =>
  renderApp(
    '/admin/clenove/create',
    fakeApi(ADMIN_USER, (request) =>
      request.url === '/api/cms/form/member/schema' ? ok(MEMBER_FORM) : undefined,
    ),
  );

describe("a form's rules", () => {
  it('load when the form is first touched, and check a field left before they came', async () => {
    memberForm();
    const birth = await screen.findByLabelText('Datum narození');
    // The form is on screen and settled: its rules are not asked for yet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(validationLoaded()).toBe(false);

    // Focus, a value and leaving the field happen before the rules' chunk can have arrived.
    fireEvent.focus(birth);
    fireEvent.change(birth, { target: { value: '1. 1. 2099' } });
    fireEvent.blur(birth);
    expect(validationLoaded()).toBe(false);

    await waitFor(() =>
      expect(birth).toHaveAccessibleDescription('„Datum narození“ nesmí být v budoucnosti.'),
    );
    expect(validationLoaded()).toBe(true);
  });
});
