import { type EntityRecord, findRoute } from '@klubovna/shared';
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../api/api.ts';
import { EntityFormPage } from '../../engine/pages/entity-form-page.tsx';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { czechPlural } from '../../ui/format/plural.ts';
import { appPath } from '../../ui/navigation/app-path.ts';
import { useMayOpen } from '../../ui/navigation/use-may-open.ts';
import { Link } from '../../ui/routing/router.tsx';
import { recordAction } from './training-api.ts';

const SERIES_FIELDS = [
  { value: 'time', label: 'Čas' },
  { value: 'place', label: 'Místo' },
  { value: 'trainers', label: 'Trenéři' },
  { value: 'description', label: 'Popis' },
  { value: 'cancelled', label: 'Zrušení' },
] as const;

/** The training's generic form with its attendance and, for a training of a series, carrying changes on. */
export function TrainingFormPage() {
  // Attendance and series are the trainer's work.
  const attendance = useMayOpen('trainings.attendance');
  const series = useMayOpen('trainings.series');
  return (
    <EntityFormPage
      alias="training"
      createTitle={findRoute('training.create')?.title ?? ''}
      editTitle={findRoute('training.edit')?.title ?? ''}
      related={(training) => (
        <>
          {attendance && (
            <Paper withBorder p="md">
              <Group justify="space-between">
                <Text>Docházku zapíšete na telefonu i počítači.</Text>
                <Button
                  component={Link}
                  to={appPath('trainings.attendance', { id: training.id })}
                  variant="light"
                >
                  Docházka tréninku
                </Button>
              </Group>
            </Paper>
          )}
          {series && typeof training.series === 'string' && training.series !== '' && (
            <SeriesPanel training={training} />
          )}
        </>
      )}
    />
  );
}

function SeriesPanel({ training }: { training: EntityRecord }) {
  const flash = useFlash();
  const { mutate } = useSWRConfig();
  const [fields, setFields] = useState<string[]>([]);
  const apply = async () => {
    const result = await api.post<{ updated: number }>(
      recordAction('training', training.id, 'apply-to-series'),
      {
        fields,
      },
    );
    const count = `${result.updated} ${czechPlural(result.updated, ['další trénink', 'další tréninky', 'dalších tréninků'])}`;
    flash.show({ message: `Změna přenesena na ${count} série.` });
    setFields([]);
    await mutate(() => true);
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="series-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="series-title">
          Trénink je součástí série
        </Title>
        <Text size="sm">
          Uložené hodnoty tohoto tréninku lze přenést na všechny pozdější tréninky téže série; každý si
          ponechá své datum.
        </Text>
        <Checkbox.Group label="Co přenést" value={fields} onChange={setFields}>
          <Group gap="md" mt={4}>
            {SERIES_FIELDS.map((field) => (
              <Checkbox key={field.value} value={field.value} label={field.label} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group>
          <BusyButton onClick={apply} disabled={fields.length === 0}>
            Přenést na další tréninky série
          </BusyButton>
        </Group>
      </Stack>
    </Paper>
  );
}
