import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureHook, renderWithUiKit } from '../../test/render.tsx';
import { FLASH_LIFETIME_MS } from './flash.types.ts';
import { useFlash } from './flash-provider.tsx';

function setup() {
  const flash = captureHook(useFlash);
  renderWithUiKit(flash.element);
  return flash.get;
}

function flashes(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-flash-id]'));
}

describe('flash messages', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a success message by default', () => {
    const flash = setup();
    act(() => {
      flash().show('Uloženo.');
    });
    const message = screen.getByText('Uloženo.').closest<HTMLElement>('[data-flash-id]');
    expect(message).toHaveAttribute('data-variant', 'success');
    expect(message).toHaveAttribute('data-auto-dismiss', 'true');
    expect(message).toHaveAttribute('role', 'status');
  });

  it('renders errors as alerts', () => {
    const flash = setup();
    act(() => {
      flash().error('Nepodařilo se uložit.');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Nepodařilo se uložit.');
  });

  it('removes an auto-dismissing message after exactly 5000 ms', () => {
    const flash = setup();
    act(() => {
      flash().show('Uloženo.');
    });
    act(() => {
      vi.advanceTimersByTime(FLASH_LIFETIME_MS - 1);
    });
    expect(screen.getByText('Uloženo.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Uloženo.')).not.toBeInTheDocument();
    expect(FLASH_LIFETIME_MS).toBe(5000);
  });

  it('removes an auto-dismissing message on click', () => {
    const flash = setup();
    act(() => {
      flash().show('Uloženo.');
    });
    fireEvent.click(screen.getByText('Uloženo.'));
    expect(screen.queryByText('Uloženo.')).not.toBeInTheDocument();
  });

  it('keeps a message with auto-dismiss off until it is clicked', () => {
    const flash = setup();
    act(() => {
      flash().show({ message: 'Zkontrolujte údaje.', variant: 'warning', autoDismiss: false });
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    const message = screen.getByText('Zkontrolujte údaje.');
    expect(message.closest('[data-flash-stack]')).toHaveAttribute('data-flash-stack', 'sticky');
    fireEvent.click(message);
    expect(screen.queryByText('Zkontrolujte údaje.')).not.toBeInTheDocument();
  });

  it('can be closed with its close button', () => {
    const flash = setup();
    act(() => {
      flash().show({ message: 'Trvalá zpráva', autoDismiss: false });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Zavřít oznámení' }));
    expect(screen.queryByText('Trvalá zpráva')).not.toBeInTheDocument();
  });

  it('replaces a message that has the same id and restarts its lifetime', () => {
    const flash = setup();
    act(() => {
      flash().show({ id: 'save', message: 'Ukládám…' });
    });
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    let id = '';
    act(() => {
      id = flash().show({ id: 'save', message: 'Uloženo.', variant: 'info' });
    });
    expect(id).toBe('save');
    expect(flashes()).toHaveLength(1);
    expect(screen.queryByText('Ukládám…')).not.toBeInTheDocument();
    expect(flashes()[0]).toHaveAttribute('data-variant', 'info');
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.getByText('Uloženo.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(flashes()).toHaveLength(0);
  });

  it('collapses the auto-dismissing stack and expands it on hover', () => {
    const flash = setup();
    act(() => {
      for (let i = 1; i <= 5; i += 1) flash().show(`Zpráva ${i}`);
    });
    const stack = document.querySelector<HTMLElement>('[data-flash-stack="auto"]')!;
    expect(stack).toHaveAttribute('data-expanded', 'false');
    expect(within(stack).getAllByText(/^Zpráva \d$/)).toHaveLength(3);
    // The newest message is on top.
    expect(within(stack).getAllByText(/^Zpráva \d$/)[0]).toHaveTextContent('Zpráva 5');

    fireEvent.mouseEnter(stack);
    expect(stack).toHaveAttribute('data-expanded', 'true');
    expect(within(stack).getAllByText(/^Zpráva \d$/)).toHaveLength(5);

    fireEvent.mouseLeave(stack);
    expect(stack).toHaveAttribute('data-expanded', 'false');
    expect(within(stack).getAllByText(/^Zpráva \d$/)).toHaveLength(3);
  });

  it('shows a divider only when the stack overflows', () => {
    const flash = setup();
    act(() => {
      for (let i = 1; i <= 3; i += 1) flash().show(`Zpráva ${i}`);
    });
    expect(screen.queryByTestId('flash-overflow-divider')).not.toBeInTheDocument();
    act(() => {
      flash().show('Zpráva 4');
    });
    expect(screen.getByTestId('flash-overflow-divider')).toHaveTextContent('+ 1 další zpráva');
    act(() => {
      flash().show('Zpráva 5');
      flash().show('Zpráva 6');
      flash().show('Zpráva 7');
      flash().show('Zpráva 8');
    });
    expect(screen.getByTestId('flash-overflow-divider')).toHaveTextContent('+ 5 dalších zpráv');
  });

  it('does not count sticky messages into the auto-dismissing stack', () => {
    const flash = setup();
    act(() => {
      for (let i = 1; i <= 3; i += 1) flash().show(`Zpráva ${i}`);
      flash().show({ message: 'Trvalá', autoDismiss: false });
    });
    expect(screen.queryByTestId('flash-overflow-divider')).not.toBeInTheDocument();
    expect(flashes()).toHaveLength(4);
  });

  it('throws a clear error outside its provider', () => {
    const flash = captureHook(useFlash);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(flash.element)).toThrow(/useFlash\(\) must be used inside <FlashProvider>/);
  });
});
