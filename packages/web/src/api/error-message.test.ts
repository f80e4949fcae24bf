import { GENERIC_CLIENT_ERROR } from '@klubovna/shared';
import { describe, expect, it, vi } from 'vitest';
import { fakeHttp } from '../test/http-adapter.ts';
import { errorMessageOrGeneric, pickErrorMessage } from './error-message.ts';
import { createApiClient, createHttpClient } from './http-client.ts';

async function failureFor(status: number, body: unknown): Promise<unknown> {
  const { adapter } = fakeHttp(() => ({ status, body }));
  try {
    await createApiClient(createHttpClient({ adapter })).get('/api/x');
  } catch (error) {
    return error;
  }
  throw new Error('Expected a failure');
}

describe('global error message', () => {
  it('prefers the first validation error message', async () => {
    const error = await failureFor(400, {
      error: { message: 'Některé údaje nejsou vyplněny správně.', code: 'VALIDATION_FAILED', status: 400 },
      validationErrors: [
        { message: 'Heslo musí mít alespoň 8 znaků.', path: 'password' },
        { message: 'Druhá chyba', path: 'x' },
      ],
    });
    expect(pickErrorMessage(error)).toBe('Heslo musí mít alespoň 8 znaků.');
  });

  it('then the error string', async () => {
    expect(pickErrorMessage(await failureFor(500, { error: 'Služba není dostupná.', message: 'x' }))).toBe(
      'Služba není dostupná.',
    );
  });

  it('then the nested error message', async () => {
    const error = await failureFor(409, {
      error: { message: 'Záznam mezitím změnil někdo jiný.', code: 'CONFLICT', status: 409 },
      message: 'jiná',
    });
    expect(pickErrorMessage(error)).toBe('Záznam mezitím změnil někdo jiný.');
  });

  it('then a message, then a detail', async () => {
    expect(pickErrorMessage(await failureFor(502, { message: 'Brána neodpovídá.', detail: 'd' }))).toBe(
      'Brána neodpovídá.',
    );
    expect(pickErrorMessage(await failureFor(503, { detail: 'Údržba do 18:00.' }))).toBe('Údržba do 18:00.');
    expect(pickErrorMessage({ detail: 'Prostý objekt' })).toBe('Prostý objekt');
  });

  it('falls back to "Vyskytla se chyba." and logs the error', async () => {
    const log = vi.fn();
    const error = await failureFor(500, '<html>Bad gateway</html>');
    expect(errorMessageOrGeneric(error, log)).toBe(GENERIC_CLIENT_ERROR);
    expect(GENERIC_CLIENT_ERROR).toBe('Vyskytla se chyba.');
    expect(log).toHaveBeenCalledWith(error);
    expect(errorMessageOrGeneric(new TypeError('boom'), log)).toBe('Vyskytla se chyba.');
    expect(log).toHaveBeenCalledTimes(2);
  });
});
