import type { RouteName } from '@klubovna/shared';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconHome, IconUserHeart } from '@tabler/icons-react';
import { appPath } from '../../ui/navigation/app-path.ts';
import type { NavigationGroup } from '../../ui/navigation/navigation-model.ts';
import { zoneIcon } from '../../ui/navigation/zone-icons.tsx';
import { Link, useLocation } from '../../ui/routing/router.tsx';
import { findRoute } from '../route-table.ts';
import classes from './shell.module.css';

interface AppNavigationProps {
  groups: readonly NavigationGroup[];
  /** Whether the person has an own page (Můj klub), linked below the home screen. */
  ownPage: boolean;
  onNavigate?: () => void;
}

/** The side navigation: the home screen (and the person's own page), then one group per zone the user may open. */
export function AppNavigation({ groups, ownPage, onNavigate }: AppNavigationProps) {
  const top: RouteName[] = ownPage ? ['cms.index', 'cms.myClub'] : ['cms.index'];
  const { pathname } = useLocation();
  const current = currentItem(groups, pathname);
  return (
    <ScrollArea type="auto" className={classes.navScroll}>
      <nav aria-label="Hlavní navigace">
        <Stack gap="md" p="sm">
          <div>
            {top.map((name) => (
              <NavLink
                key={name}
                component={Link}
                to={appPath(name)}
                active={appPath(name) === pathname}
                aria-current={appPath(name) === pathname ? 'page' : undefined}
                label={findRoute(name)?.title}
                leftSection={
                  name === 'cms.index' ? (
                    <IconHome size={18} aria-hidden />
                  ) : (
                    <IconUserHeart size={18} aria-hidden />
                  )
                }
                onClick={onNavigate}
                className={classes.navLink}
              />
            ))}
          </div>
          {groups.map((group) => {
            const Icon = zoneIcon(group.zone);
            return (
              <section key={group.zone} aria-labelledby={`nav-zone-${group.zone}`} data-zone={group.zone}>
                <Text
                  id={`nav-zone-${group.zone}`}
                  size="xs"
                  fw={700}
                  tt="uppercase"
                  c="dimmed"
                  px="sm"
                  mb={4}
                  className={classes.navGroupLabel}
                >
                  <Icon size={14} aria-hidden /> {group.label}
                </Text>
                {group.items.map((item) => (
                  <NavLink
                    key={item.name}
                    component={Link}
                    to={item.to}
                    active={item.to === current}
                    aria-current={item.to === current ? 'page' : undefined}
                    label={item.title}
                    onClick={onNavigate}
                    className={classes.navLink}
                  />
                ))}
              </section>
            );
          })}
          {groups.length === 0 && (
            <Text size="sm" c="dimmed" px="sm" data-testid="navigation-empty">
              Další sekce administrace zatím nejsou k dispozici.
            </Text>
          )}
        </Stack>
      </nav>
    </ScrollArea>
  );
}

/**
 * The menu entry the address belongs to: the longest one it starts with, so that a list's create and
 * edit screens light the list, and a screen nested under a list's address lights itself only.
 */
function currentItem(groups: readonly NavigationGroup[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const item of groups.flatMap((group) => group.items)) {
    const inside = pathname === item.to || pathname.startsWith(`${item.to}/`);
    if (inside && item.to.length > (best?.length ?? 0)) best = item.to;
  }
  return best;
}
