import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUiKit } from '../../test/render.tsx';
import { BusyButton } from './busy-button.tsx';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('BusyButton', () => {
  it('is busy while its async click handler is pending and ignores clicks meanwhile', async () => {
    const pending = deferred();
    const onClick = vi.fn(() => pending.promise);
    renderWithUiKit(<BusyButton onClick={onClick}>Uložit</BusyButton>);
    const button = screen.getByRole('button', { name: 'Uložit' });

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    await act(async () => {
      pending.resolve();
      await pending.promise;
    });
    expect(button).not.toHaveAttribute('aria-busy');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('leaves the busy state when the handler fails', async () => {
    const pending = deferred();
    renderWithUiKit(<BusyButton onClick={() => pending.promise.catch(() => {})}>Smazat</BusyButton>);
    const button = screen.getByRole('button', { name: 'Smazat' });
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    await act(async () => {
      pending.reject(new Error('nope'));
      await pending.promise.catch(() => {});
    });
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('stays idle for a synchronous handler', () => {
    const onClick = vi.fn();
    renderWithUiKit(<BusyButton onClick={onClick}>Zpět</BusyButton>);
    const button = screen.getByRole('button', { name: 'Zpět' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
    expect(button).not.toHaveAttribute('aria-busy');
  });

  it('cannot be activated when disabled or busy from outside', () => {
    const onClick = vi.fn();
    renderWithUiKit(
      <>
        <BusyButton onClick={onClick} disabled>
          Vypnuto
        </BusyButton>
        <BusyButton onClick={onClick} busy>
          Pracuji
        </BusyButton>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Vypnuto' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pracuji' }));
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pracuji' })).toHaveAttribute('aria-busy', 'true');
  });

  it('lets a busy submit button submit its form', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithUiKit(
      <form onSubmit={onSubmit}>
        <BusyButton type="submit" busy>
          Odeslat
        </BusyButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Odeslat' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).not.toHaveAttribute('aria-disabled');
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('does not submit a form from a busy non-submit button', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithUiKit(
      <form onSubmit={onSubmit}>
        <BusyButton type="reset" busy>
          Vymazat
        </BusyButton>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Vymazat' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('throws a clear error outside the UI-kit provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<BusyButton>Uložit</BusyButton>)).toThrow(/MantineProvider was not found/);
  });
});
