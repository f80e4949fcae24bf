import { API_PATHS, type EntityRecord, findRoute } from '@klubovna/shared';
import { Alert, Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { useFormSchema } from '../../engine/engine-api.ts';
import { EntityForm } from '../../engine/form/entity-form.tsx';
import { HistoryPanel } from '../../engine/pages/history-panel.tsx';
import { PageHeader } from '../../engine/pages/page-header.tsx';

const TITLE = findRoute('web.configuration')?.title ?? '';

/**
 * The web configuration: one record, edited in the engine's form. Before the first save the form
 * starts from the defaults the server answers (without an id) and creates the record.
 */
export function WebConfigurationPage() {
  const { data: schema } = useFormSchema('web-configuration');
  const {
    data: current,
    error,
    mutate,
  } = useSWR<EntityRecord & { id: number | null }>(API_PATHS.webConfiguration, {
    revalidateOnFocus: false,
  });
  const [saved, setSaved] = useState<EntityRecord | undefined>(undefined);
  if (error)
    return (
      <Stack gap="lg">
        <PageHeader title={TITLE} />
        <Alert color="red">Konfiguraci webu se nepodařilo načíst.</Alert>
      </Stack>
    );
  if (!schema || !current)
    return (
      <Stack gap="lg" aria-busy="true">
        <PageHeader title={TITLE} />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  const record = saved ?? (current.id === null ? undefined : current);
  return (
    <Stack gap="lg">
      <PageHeader title={TITLE} />
      <Text c="dimmed">
        Změny se na{' '}
        <Anchor href="/" target="_blank" underline="always">
          veřejném webu
        </Anchor>{' '}
        projeví hned po uložení.
      </Text>
      <EntityForm
        key={record ? 'saved' : 'new'}
        schema={schema}
        record={record}
        onSaved={(next) => {
          setSaved(next);
          void mutate(next as EntityRecord & { id: number }, { revalidate: false });
        }}
      />
      {record && (
        <HistoryPanel schema={schema} record={record} version={record.version} onRestored={setSaved} />
      )}
    </Stack>
  );
}
