import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The card every sign-in related page is built from. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', xs: 'xl' }} w="100%">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" mt={6}>
              {description}
            </Text>
          )}
        </div>
        {children}
        {footer && (
          <Text size="sm" ta="center">
            {footer}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
