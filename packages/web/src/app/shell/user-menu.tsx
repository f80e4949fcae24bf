import type { UserDto } from '@klubovna/shared';
import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconMoon, IconSun, IconUserCircle } from '@tabler/icons-react';
import { useColorScheme } from '../../ui/color-scheme/use-color-scheme.ts';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';
import classes from './shell.module.css';

export function displayName(user: UserDto): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

function initials(user: UserDto): string {
  const letters = [user.firstName, user.lastName].map((part) => part.trim().charAt(0)).join('');
  return (letters || user.email.charAt(0)).toUpperCase();
}

/** Profile, password change, colour scheme and sign-out. */
export function UserMenu({ user }: { user: UserDto }) {
  const { colorScheme, toggleColorScheme } = useColorScheme();
  const dark = colorScheme === 'dark';
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by its content, so the name a screen reader says contains the name shown. */}
        <UnstyledButton className={classes.userButton}>
          <Group gap="xs" wrap="nowrap">
            <VisuallyHidden>Uživatelské menu: </VisuallyHidden>
            <Avatar color="blue" radius="xl" size={32} aria-hidden>
              {initials(user)}
            </Avatar>
            <Text size="sm" fw={500} className={classes.userName}>
              {displayName(user)}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {displayName(user)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={appPath('cms.userProfile')}
          leftSection={<IconUserCircle size={16} />}
        >
          Můj profil
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={`${appPath('cms.userProfile')}#zmena-hesla`}
          leftSection={<IconKey size={16} />}
        >
          Změnit heslo
        </Menu.Item>
        <Menu.Item
          leftSection={dark ? <IconSun size={16} /> : <IconMoon size={16} />}
          onClick={toggleColorScheme}
          closeMenuOnClick={false}
          data-testid="color-scheme-toggle"
        >
          {dark ? 'Světlý režim' : 'Tmavý režim'}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={appPath('cms.logout')}
          color="red"
          leftSection={<IconLogout size={16} />}
        >
          Odhlásit se
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
