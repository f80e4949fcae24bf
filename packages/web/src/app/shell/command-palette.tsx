import '@mantine/spotlight/styles.layer.css';
import { API_PATHS, apiPath, type EntityMeta, entityRoutes, type RecordSearchHit } from '@klubovna/shared';
import { Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconFileText, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useMemo, useState } from 'react';
import useSWR from 'swr';
import { foldText } from '../../ui/format/fold-text.ts';
import { routerPath } from '../../ui/navigation/app-path.ts';
import { zoneIcon } from '../../ui/navigation/zone-icons.tsx';
import { useNavigate } from '../../ui/routing/router.tsx';
import classes from './command-palette.module.css';
import type { PaletteScreen } from './palette-screens.ts';

export const [paletteStore, palette] = createSpotlight();

/** Screens shown above the records once something is typed. */
const SCREENS_WHILE_SEARCHING = 4;

/** Records a search asks the server for, of each entity. */
const RECORDS_PER_ENTITY = 5;

const recordLink = (hit: RecordSearchHit) => {
  const edit = entityRoutes(hit.alias)?.edit;
  return edit ? routerPath(`${edit}?id=${hit.id}`) : undefined;
};

/** Screens whose title has the words first (at its start before elsewhere), then those of a matching zone. */
function rankScreens(screens: readonly PaletteScreen[], wanted: string): PaletteScreen[] {
  const rank = (screen: PaletteScreen) => {
    const title = foldText(screen.title);
    if (title.startsWith(wanted)) return 0;
    if (title.includes(wanted)) return 1;
    return foldText(screen.zoneLabel).includes(wanted) ? 2 : -1;
  };
  return screens
    .map((screen) => ({ screen, rank: rank(screen) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map(({ screen }) => screen);
}

/** The screens, less the create screens of entities the person may not create records of (row rules). */
function useCreatableOnly(screens: readonly PaletteScreen[]): readonly PaletteScreen[] {
  const { data: tables } = useSWR<EntityMeta[]>(API_PATHS.tables);
  return useMemo(() => {
    const creatable = new Set(tables?.filter((table) => table.canCreate).map((table) => table.alias));
    return screens.filter((screen) => !screen.creates || creatable.has(screen.creates));
  }, [screens, tables]);
}

/**
 * The command palette (Ctrl+K / ⌘K): the screens the user may open, filtered as they type, and
 * records of every entity they may read found by the server's diacritics-insensitive search.
 */
export function CommandPalette({ screens: offered }: { screens: readonly PaletteScreen[] }) {
  const [query, setQuery] = useState('');
  const screens = useCreatableOnly(offered);
  const [search] = useDebouncedValue(query.trim(), 200);
  const navigate = useNavigate();
  const { data: hits, isLoading } = useSWR<RecordSearchHit[]>(
    search ? [apiPath(API_PATHS.recordSearch), { s: search, limit: RECORDS_PER_ENTITY }] : null,
  );

  const wanted = foldText(query.trim());
  // Typed words find records too: a few screens leave them room.
  const matchingScreens = useMemo(
    () => (wanted ? rankScreens(screens, wanted).slice(0, SCREENS_WHILE_SEARCHING) : screens),
    [screens, wanted],
  );
  const records = search && wanted ? (hits ?? []).filter((hit) => recordLink(hit)) : [];
  // Records arrive after the typing, when no result is selected any more: Enter then opens the first.
  const firstTarget = matchingScreens[0]?.to ?? (records[0] && recordLink(records[0]));
  const openFirst = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || paletteStore.getState().selected !== -1 || !firstTarget) return;
    palette.close();
    navigate(firstTarget);
  };
  const waiting = query.trim() !== '' && (query.trim() !== search || isLoading);

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={setQuery}
      // Cleared as it starts closing, not once the closing animation is over: reopened meanwhile, the
      // palette would otherwise wipe what was typed into it since (nor does opening clear anything).
      clearQueryOnClose={false}
      onSpotlightClose={() => setQuery('')}
      shortcut={null}
      scrollable
      maxHeight={440}
      title="Hledání"
      classNames={{
        header: classes.header,
        action: classes.action,
        actionDescription: classes.actionDescription,
      }}
    >
      <Spotlight.Search
        placeholder="Hledat obrazovku nebo záznam…"
        aria-label="Hledat obrazovku nebo záznam"
        onKeyDown={openFirst}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={waiting ? <Loader size="xs" role="status" aria-label="Hledám…" /> : undefined}
      />
      <Spotlight.ActionsList aria-label="Výsledky hledání">
        {matchingScreens.length > 0 && (
          <Spotlight.ActionsGroup label="Obrazovky">
            {matchingScreens.map((screen) => {
              const Icon = zoneIcon(screen.zone);
              return (
                <Spotlight.Action
                  key={screen.name}
                  label={screen.title}
                  description={screen.zoneLabel}
                  leftSection={<Icon size={20} aria-hidden />}
                  onClick={() => navigate(screen.to)}
                />
              );
            })}
          </Spotlight.ActionsGroup>
        )}
        {records.length > 0 && (
          <Spotlight.ActionsGroup label="Záznamy">
            {records.map((hit) => (
              <Spotlight.Action
                key={`${hit.alias}-${hit.id}`}
                label={hit.label}
                description={hit.detail ? `${hit.entity} · ${hit.detail}` : hit.entity}
                leftSection={<IconFileText size={20} aria-hidden />}
                onClick={() => navigate(recordLink(hit)!)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {matchingScreens.length === 0 && records.length === 0 && !waiting && (
          <Spotlight.Empty>Nic nenalezeno. Zkuste jiné slovo, hledá se i bez diakritiky.</Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
      <Spotlight.Footer>
        <Text size="xs">Šipkami vyberte, Enter otevře, Esc zavře.</Text>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
