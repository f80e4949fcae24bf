import { API_PATHS, apiPath, type EntityRecord, findRoute } from '@klubovna/shared';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { api } from '../../api/api.ts';
import { EntityFormPage, type RelatedPage } from '../../engine/pages/entity-form-page.tsx';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';

/** A background job's run, read-only, with „Zkusit znovu“ when it failed. */
export function JobFormPage() {
  return (
    <EntityFormPage
      alias="job"
      createTitle={findRoute('job.create')?.title ?? ''}
      editTitle={findRoute('job.edit')?.title ?? ''}
      related={(job, page) => (job.state === 'failed' ? <RetryPanel job={job} page={page} /> : null)}
    />
  );
}

function RetryPanel({ job, page }: { job: EntityRecord; page: RelatedPage }) {
  const flash = useFlash();
  const { mutate } = useSWRConfig();
  const retry = async () => {
    const queued = await api.post<EntityRecord>(
      apiPath(API_PATHS.recordAction, { alias: 'job', id: job.id, action: 'retry' }),
      {},
    );
    page.replace(queued);
    flash.show({ message: 'Úloha znovu čeká na spuštění.' });
    await mutate(() => true);
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="job-retry-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="job-retry-title">
          Úloha selhala
        </Title>
        <Text size="sm">
          Všechny pokusy skončily chybou. Až příčinu odstraníte, spusťte ji znovu: dostane opět plný počet
          pokusů.
        </Text>
        <Group>
          <BusyButton onClick={retry}>Zkusit znovu</BusyButton>
        </Group>
      </Stack>
    </Paper>
  );
}
