import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { captureHook, renderWithUiKit } from '../../test/render.tsx';
import { useModal } from './modal-provider.tsx';

function setup() {
  const modal = captureHook(useModal);
  renderWithUiKit(modal.element);
  return modal.get;
}

function overlay(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.mantine-Modal-overlay');
  if (!element) throw new Error('No modal overlay');
  return element;
}

// The host is a lazy chunk; load it once so opening a modal settles within act().
beforeAll(async () => {
  await import('./modal-host.tsx');
});

describe('modal host', () => {
  it('opens with content, title, the default variant and a class name', async () => {
    const modal = setup();
    await act(async () => {
      modal().open({ title: 'Detail', content: <p>Obsah okna</p>, className: 'my-modal' });
    });
    const dialog = screen.getByRole('dialog', { name: 'Detail' });
    expect(dialog).toHaveTextContent('Obsah okna');
    expect(dialog).toHaveClass('my-modal');
    expect(document.querySelector('[data-modal-id]')).toHaveAttribute('data-variant', 'default');
  });

  it('closes on Escape and runs the close callback once', async () => {
    const modal = setup();
    const onClose = vi.fn();
    await act(async () => {
      modal().open({ title: 'Detail', content: 'Obsah', onClose });
    });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on an outside press', async () => {
    const modal = setup();
    const onClose = vi.fn();
    await act(async () => {
      modal().open({ title: 'Detail', content: 'Obsah', onClose });
    });
    fireEvent.click(overlay());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores an outside press when backdrop closing is disabled, but still closes on Escape', async () => {
    const modal = setup();
    const onClose = vi.fn();
    await act(async () => {
      modal().open({ title: 'Detail', content: 'Obsah', onClose, disableBackdropClose: true });
    });
    fireEvent.click(overlay());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes explicitly from its content, from the API and with the close button', async () => {
    const modal = setup();
    const onClose = vi.fn();
    await act(async () => {
      modal().open({
        title: 'První',
        onClose,
        content: ({ close }) => (
          <button type="button" onClick={close}>
            Hotovo
          </button>
        ),
      });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Hotovo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    let id = '';
    await act(async () => {
      id = modal().open({ title: 'Druhý', content: 'Obsah', onClose });
    });
    await act(async () => {
      modal().close(id);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(async () => {
      modal().open({ title: 'Třetí', content: 'Obsah', onClose });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Zavřít' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('locks page scroll while a modal is open', async () => {
    const modal = setup();
    document.body.style.overflow = 'auto';
    await act(async () => {
      modal().open({ title: 'Detail', content: 'Obsah' });
    });
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.body).toHaveAttribute('data-scroll-locked', 'true');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(document.body.style.overflow).toBe('auto');
    expect(document.body).not.toHaveAttribute('data-scroll-locked');
  });

  it('closes only the topmost of stacked modals on Escape', async () => {
    const modal = setup();
    await act(async () => {
      modal().open({ title: 'Spodní', content: 'A' });
      modal().open({ title: 'Horní', content: 'B', variant: 'danger' });
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Spodní' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Horní' })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
    await act(async () => {
      modal().closeAll();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('throws a clear error outside its provider', async () => {
    const modal = captureHook(useModal);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(modal.element)).toThrow(/useModal\(\) must be used inside <ModalProvider>/);
  });
});
