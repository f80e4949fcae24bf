import { ActionIcon } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithUiKit } from '../test/render.tsx';
import { HoverTooltip } from './hover-tooltip.tsx';

describe('HoverTooltip', () => {
  it('mounts no tooltip until the pointer comes over its button, then shows it on hover', async () => {
    const user = userEvent.setup();
    let entered = 0;
    renderWithUiKit(
      <HoverTooltip label="Upravit">
        <ActionIcon aria-label="Upravit Jana Nováka" onPointerEnter={() => entered++}>
          ✎
        </ActionIcon>
      </HoverTooltip>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();

    await user.hover(screen.getByRole('button', { name: 'Upravit Jana Nováka' }));
    await user.pointer({
      target: screen.getByRole('button', { name: 'Upravit Jana Nováka' }),
      coords: { x: 2 },
    });
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Upravit'));
    // The button's own handler still runs.
    expect(entered).toBeGreaterThan(0);
  });

  it('passes a click that comes with the first hover to the button', async () => {
    const user = userEvent.setup();
    let clicked = 0;
    renderWithUiKit(
      <HoverTooltip label="Smazat">
        <ActionIcon aria-label="Smazat Jana Nováka" onClick={() => clicked++}>
          ×
        </ActionIcon>
      </HoverTooltip>,
    );
    await user.click(screen.getByRole('button', { name: 'Smazat Jana Nováka' }));
    expect(clicked).toBe(1);
  });
});
