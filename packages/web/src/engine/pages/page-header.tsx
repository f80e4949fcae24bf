import { Anchor, Breadcrumbs, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../ui/routing/router.tsx';

/** A screen's heading with an optional way back and actions on the right. */
export function PageHeader({
  title,
  back,
  actions,
}: {
  title: string;
  back?: { label: string; to: string };
  actions?: ReactNode;
}) {
  return (
    <Stack gap={4}>
      {back && (
        <Breadcrumbs>
          <Anchor component={Link} to={back.to} size="sm">
            {back.label}
          </Anchor>
          <span />
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </Group>
    </Stack>
  );
}
