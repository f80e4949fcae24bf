import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { captureHook, renderWithUiKit } from '../test/render.tsx';
import { BadRequestError, NetworkError, UnauthorizedError } from './api-errors.ts';
import { ApiProvider, useErrorHandler } from './api-provider.tsx';

function setup() {
  const onUnauthorized = vi.fn();
  const handler = captureHook(useErrorHandler);
  renderWithUiKit(<ApiProvider onUnauthorized={onUnauthorized}>{handler.element}</ApiProvider>);
  return { handle: handler.get(), onUnauthorized };
}

const response = (status: number, data: unknown) => ({ status, data });

describe('global error handler', () => {
  it('shows the first validation message as an error flash', async () => {
    const { handle } = setup();
    handle(
      new BadRequestError(
        response(400, {
          error: {
            message: 'Některé údaje nejsou vyplněny správně.',
            code: 'VALIDATION_FAILED',
            status: 400,
          },
          validationErrors: [{ message: 'Zadejte název.', path: 'name' }],
        }),
      ),
    );
    const flash = await screen.findByRole('alert');
    expect(flash).toHaveTextContent('Zadejte název.');
    expect(flash.closest('[data-flash-id]')).toHaveAttribute('data-variant', 'error');
  });

  it('falls back to "Vyskytla se chyba." and logs what it could not read', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { handle } = setup();
    const error = new NetworkError();
    handle(error);
    expect(await screen.findByRole('alert')).toHaveTextContent('Vyskytla se chyba.');
    expect(log).toHaveBeenCalledWith(error);
  });

  it('hands 401 to the app (sign-in screen) instead of flashing', async () => {
    const { handle, onUnauthorized } = setup();
    const error = new UnauthorizedError(
      response(401, { error: { message: 'x', code: 'UNAUTHORIZED', status: 401 } }),
    );
    handle(error);
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledWith(error));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('throws a clear error outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = captureHook(useErrorHandler);
    expect(() => render(handler.element)).toThrow(/useErrorHandler\(\) must be used inside <ApiProvider>/);
  });
});
