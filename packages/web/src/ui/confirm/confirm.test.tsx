import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { captureHook, renderWithUiKit } from '../../test/render.tsx';
import { useConfirm, useConfirmDelete } from './use-confirm.tsx';

// The host is a lazy chunk; load it once so opening a modal settles within act().
beforeAll(async () => {
  await import('../modal/modal-host.tsx');
});

describe('confirm dialog', () => {
  it('resolves true when confirmed', async () => {
    const confirm = captureHook(useConfirm);
    renderWithUiKit(confirm.element);
    let answer: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      answer = confirm.get()({ message: 'Odeslat pozvánku?', confirmLabel: 'Odeslat' });
    });
    expect(screen.getByRole('dialog', { name: 'Potvrzení' })).toHaveTextContent('Odeslat pozvánku?');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Odeslat' }));
    });
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves false when cancelled or dismissed with Escape', async () => {
    const confirm = captureHook(useConfirm);
    renderWithUiKit(confirm.element);
    let first: Promise<boolean> = Promise.resolve(true);
    await act(async () => {
      first = confirm.get()({ message: 'Pokračovat?' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Zrušit' }));
    await expect(first).resolves.toBe(false);

    let second: Promise<boolean> = Promise.resolve(true);
    await act(async () => {
      second = confirm.get()({ message: 'Pokračovat?' });
    });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await expect(second).resolves.toBe(false);
  });

  it('asks before a delete and runs the action while the button is busy', async () => {
    const confirmDelete = captureHook(useConfirmDelete);
    renderWithUiKit(confirmDelete.element);
    const remove = vi.fn(async () => {});
    let answer: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      answer = confirmDelete.get()('člena Jana Nováková', remove);
    });
    const dialog = screen.getByRole('dialog', { name: 'Smazat člena Jana Nováková?' });
    expect(dialog).toHaveTextContent('Smazání půjde vrátit v koši.');
    expect(document.querySelector('[data-modal-id]')).toHaveAttribute('data-variant', 'danger');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Smazat' }));
    });
    await expect(answer).resolves.toBe(true);
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('stays open when the confirmed action fails', async () => {
    const confirm = captureHook(useConfirm);
    renderWithUiKit(confirm.element);
    await act(async () => {
      void confirm.get()({
        message: 'Smazat?',
        confirmLabel: 'Ano',
        onConfirm: () => Promise.reject(new Error('x')),
      });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ano' }));
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('throws a clear error outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const confirm = captureHook(useConfirm);
    expect(() => render(confirm.element)).toThrow(/useModal\(\) must be used inside <ModalProvider>/);
  });
});
