import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { useId as mantineUseId } from '@mantine/hooks';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STABLE_USE_ID, stableUseId } from './mantine-stable-ids.ts';

const NODE_MODULES = path.resolve(import.meta.dirname, '../../../node_modules');
const MANTINE_USE_ID = path.join(NODE_MODULES, '@mantine/hooks/esm/use-id/use-id.mjs');

/** The replacement as the build serves it: a module of its own, resolving `react` as the app does. */
async function replacementHook(): Promise<UseId> {
  const folder = path.join(NODE_MODULES, '.cache/klubovna');
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'stable-use-id.mjs');
  fs.writeFileSync(file, STABLE_USE_ID);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)).useId;
}

type UseId = (staticId?: string) => string;

function Probe({ useId, staticId, onRender }: { useId: UseId; staticId?: string; onRender: () => void }) {
  onRender();
  return <span data-testid="probe" id={useId(staticId)} />;
}

/** How many times a component that asks `useId` for an id renders as it mounts, and its final id. */
function mount(useId: UseId, staticId?: string) {
  let renders = 0;
  const onRender = () => {
    renders += 1;
  };
  const { getByTestId, unmount } = render(<Probe useId={useId} staticId={staticId} onRender={onRender} />);
  const id = getByTestId('probe').id;
  unmount();
  return { renders, id };
}

describe("Mantine's useId in the build", () => {
  it('recognises the installed Mantine hook it replaces', () => {
    const installed = fs.readFileSync(MANTINE_USE_ID, 'utf8');
    expect(stableUseId(installed, MANTINE_USE_ID)).toBe(STABLE_USE_ID);
    expect(() => stableUseId('export function useId() {}', MANTINE_USE_ID)).toThrow(
      /Mantine's useId has changed/,
    );
  });

  it('renders a component once, where Mantine renders it twice to swap in a random id', async () => {
    expect(mount(mantineUseId).renders).toBe(2);
    const useId = await replacementHook();
    const first = mount(useId);
    expect(first.renders).toBe(1);
    expect(first.id).toMatch(/^mantine-\S+$/);
    expect(mount(useId, 'member-email')).toEqual({ renders: 1, id: 'member-email' });
  });
});
