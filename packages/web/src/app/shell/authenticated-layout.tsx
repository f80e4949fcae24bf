// Mantine's component styles come with the components' code (build/mantine-styles.ts); the date
// pickers' styles, dayjs and its Czech setup come with the date inputs (`CzechDates`).
import { AppShell, Burger, Group, Progress } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { UnauthorizedError } from '../../api/api-errors.ts';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { useTrains } from '../../api/use-my-club.ts';
import { appPath } from '../../ui/navigation/app-path.ts';
import { hasOwnPage } from '../../ui/navigation/home-route.ts';
import { NavigationContext } from '../../ui/navigation/navigation-context.ts';
import { mayOpen } from '../../ui/navigation/navigation-model.ts';
import { preloadOnIntent } from '../../ui/preload-on-intent.ts';
import {
  Link,
  Navigate,
  Outlet,
  useLocation,
  useNavigationPending,
  useRouteName,
} from '../../ui/routing/router.tsx';
import { BrandMark } from '../brand-mark.tsx';
import { loginTarget } from '../login-target.ts';
import { findRoute } from '../route-table.ts';
import { preloadListScreens } from '../screens.ts';
import { SkipLink } from '../skip-link.tsx';
import { AppNavigation } from './app-navigation.tsx';
import { CommandPaletteLauncher } from './command-palette-launcher.tsx';
import classes from './shell.module.css';
import { ForbiddenPage, ShellError, ShellLoading } from './shell-states.tsx';
import { useNavigationModel } from './use-navigation-groups.ts';
import { UserMenu } from './user-menu.tsx';

/** Where the navigation stands beside the page (Mantine's `sm` breakpoint, as the AppShell's navbar). */
const SIDE_NAVIGATION_QUERY = '(min-width: 48em)';

/**
 * Whether the navigation's links are rendered: beside the page always; on a phone, where it is a
 * panel behind the menu button, from the first time it is opened, so the first page's render does not
 * build two dozen links nobody sees.
 */
function useNavigationShown(opened: boolean): boolean {
  const beside = useMediaQuery(SIDE_NAVIGATION_QUERY, undefined, { getInitialValueInEffect: false });
  const [everOpened, setEverOpened] = useState(opened);
  if (opened && !everOpened) setEverOpened(true);
  return beside || everOpened;
}

/** The signed-in frame: header with user menu, collapsible navigation, the page. */
export function AuthenticatedLayout() {
  const { user, roles, error, mutate } = useCurrentUser();
  const location = useLocation();
  const navigating = useNavigationPending();
  const routeName = useRouteName();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const trains = useTrains(roles);
  // The trainer's screens are listed once the person is known to train a group.
  const groups = useNavigationModel({ roles, trains: trains === true });
  const navigationShown = useNavigationShown(navOpened);

  // On every page change: close the phone navigation and move focus to the new page's content, so
  // keyboard and screen-reader users start there (not on the link they left).
  const signedIn = user !== undefined;
  // Lists are where people go from here: their code is fetched once the user reaches for something.
  useEffect(() => {
    if (!signedIn) return;
    return preloadOnIntent(preloadListScreens);
  }, [signedIn]);

  const firstPath = useRef(location.pathname);
  useEffect(() => {
    close();
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    if (location.hash) return;
    document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [location.pathname, location.hash, close]);

  if (error instanceof UnauthorizedError) {
    return <Navigate to={loginTarget(appPath('cms.login'), location)} replace />;
  }
  if (error) return <ShellError error={error} onRetry={() => void mutate()} />;
  if (!user) return <ShellLoading />;

  const route = routeName ? findRoute(routeName) : undefined;
  // A trainer's screen opens while it is not yet known whether the person trains a group.
  const allowed = !route || mayOpen(route, { roles, trains: trains !== false });

  return (
    <NavigationContext value={groups}>
      <SkipLink />
      {navigating && (
        <Progress
          value={100}
          animated
          size="xs"
          radius={0}
          className={classes.progress}
          aria-label="Načítání"
        />
      )}
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
        // No wider margin on a laptop: a list's columns need the room more (1366 px fits the members').
        padding={{ base: 'md', sm: 'lg' }}
      >
        <AppShell.Header>
          <div className={classes.header}>
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={navOpened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={navOpened ? 'Zavřít navigaci' : 'Otevřít navigaci'}
                aria-expanded={navOpened}
                aria-controls="app-navigation"
              />
              <Link to="/" className={classes.brand}>
                <BrandMark size={30} />
                <span>Klubovna</span>
              </Link>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <CommandPaletteLauncher groups={groups} roles={roles} trains={trains === true} />
              <UserMenu user={user} />
            </Group>
          </div>
        </AppShell.Header>
        <AppShell.Navbar id="app-navigation" aria-label="Navigace">
          {navigationShown && (
            <AppNavigation groups={groups} ownPage={hasOwnPage(roles)} onNavigate={close} />
          )}
        </AppShell.Navbar>
        <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
          {allowed ? <Outlet /> : <ForbiddenPage />}
        </AppShell.Main>
      </AppShell>
    </NavigationContext>
  );
}
