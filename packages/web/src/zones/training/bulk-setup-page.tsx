import { API_PATHS, apiPath, type GroupSetupCandidates } from '@klubovna/shared';
import { pragueToday } from '@klubovna/shared/time/prague';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import useSWR from 'swr';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { afterNextPaint } from '../../ui/busy/after-first-paint.tsx';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';
import { useQueryParams } from './training-api.ts';

const loadForm = () => import('./bulk-setup-form.tsx');
const BulkSetupForm = lazy(loadForm);

const CANDIDATES_URL = apiPath(API_PATHS.action, { alias: 'group', action: 'setup-candidates' });

/**
 * Pick a group and the day its members are in it from (today unless chosen otherwise, past days too),
 * tick its members in a filtered list of everyone, and save the lot at once.
 */
export function BulkSetupPage() {
  const [params, change] = useQueryParams();
  const from = params.get('od') ?? pragueToday();
  // The previous answer stays while another day's loads, so the ticks made meanwhile stay too.
  const { data, mutate } = useSWR<GroupSetupCandidates>([CANDIDATES_URL, { from }], {
    keepPreviousData: true,
  });
  const groupId = Number(params.get('skupina')) || null;
  const group = data?.groups.find((candidate) => candidate.id === groupId) ?? null;
  // The pickers' code comes while the candidates do, once the heading has painted.
  useEffect(() => {
    void afterNextPaint()
      .then(loadForm)
      .catch(() => {});
  }, []);

  return (
    <Stack gap="lg">
      <PageHeader title="Hromadné nastavení skupiny" />
      {!data ? (
        <Skeleton height={240} />
      ) : data.groups.length === 0 ? (
        <Alert title="Zatím žádná skupina">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Nejdřív založte skupinu, pak do ní zde vyberete členy.</Text>
            <Button component={Link} to={appPath('group.create')} size="xs">
              Nová skupina
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Suspense fallback={<Skeleton height={240} />}>
          <BulkSetupForm
            data={data}
            from={from}
            group={group}
            change={change}
            onSaved={() => void mutate()}
          />
        </Suspense>
      )}
    </Stack>
  );
}
