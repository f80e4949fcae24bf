import type { Role } from '@klubovna/shared';
import { Kbd, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import type { NavigationGroup } from '../../ui/navigation/navigation-model.ts';
import { allScreens } from '../screens.ts';
import { paletteScreens } from './palette-screens.ts';
import classes from './shell.module.css';

type PaletteModule = typeof import('./command-palette.tsx');
/** The palette's code once it has loaded: opened at once from then on, within the key press. */
let loadedPalette: PaletteModule | undefined;
const loadPalette = (): Promise<PaletteModule> =>
  import('./command-palette.tsx').then((module) => {
    loadedPalette = module;
    return module;
  });

const onMac = () => /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '');

/**
 * The header's search button and the Ctrl+K / ⌘K shortcut (also from inside a field). The palette's
 * code loads on first use, so the shell does not carry it.
 */
export function CommandPaletteLauncher({
  groups,
  roles,
  trains,
}: {
  groups: readonly NavigationGroup[];
  roles: readonly Role[];
  trains: boolean;
}) {
  const [palette, setPalette] = useState<PaletteModule | undefined>(loadedPalette);
  const open = useCallback(() => {
    if (loadedPalette) {
      setPalette(() => loadedPalette);
      loadedPalette.palette.open();
      return;
    }
    void loadPalette().then((module) => {
      setPalette(() => module);
      module.palette.open();
    });
  }, []);
  useHotkeys([['mod+K', open]], []);
  const screens = useMemo(
    () => paletteScreens(groups, { roles, trains }, new Set(allScreens().map((screen) => screen.name))),
    [groups, roles, trains],
  );
  const shortcut = onMac() ? '⌘ K' : 'Ctrl K';

  return (
    <>
      <UnstyledButton
        className={classes.searchButton}
        onClick={open}
        onMouseEnter={() => void loadPalette()}
        aria-keyshortcuts={onMac() ? 'Meta+K' : 'Control+K'}
      >
        <IconSearch size={16} aria-hidden />
        <span className={classes.searchLabel}>Hledat</span>
        <Kbd size="xs" className={classes.searchShortcut} aria-hidden>
          {shortcut}
        </Kbd>
      </UnstyledButton>
      {palette && <palette.CommandPalette screens={screens} />}
    </>
  );
}
