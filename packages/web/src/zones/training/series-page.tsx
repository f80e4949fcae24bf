import type { TrainingSeriesPlan } from '@klubovna/shared';
import { czechDate, czechTime } from '@klubovna/shared/time/prague';
import {
  Alert,
  Anchor,
  Checkbox,
  Chip,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { api } from '../../api/api.ts';
import { describeError, fieldErrors } from '../../api/describe-error.ts';
import { CzechDateInput } from '../../engine/kinds/date/czech-date-input.tsx';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { GrowingTextarea } from '../../ui/form/growing-textarea.tsx';
import { czechPlural } from '../../ui/format/plural.ts';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';
import { action, useGroupOptions, WEEKDAYS } from './training-api.ts';

const SERIES_URL = action('training', 'create-series');
const trainings = (count: number) => `${count} ${czechPlural(count, ['trénink', 'tréninky', 'tréninků'])}`;

interface SeriesForm {
  groupId: string | null;
  weekdays: string[];
  startTime: string;
  endTime: string;
  from: string;
  to: string;
  place: string;
  skipHolidays: boolean;
  skipDates: string;
}

const EMPTY: SeriesForm = {
  groupId: null,
  weekdays: [],
  startTime: '17:00',
  endTime: '18:30',
  from: '',
  to: '',
  place: '',
  skipHolidays: true,
  skipDates: '',
};

/** `24. 12. 2026, 31. 12. 2026` or ISO dates, one per line or separated by commas, as ISO dates. */
function parseDates(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const czech = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})$/.exec(part);
      return czech ? `${czech[3]}-${czech[2]!.padStart(2, '0')}-${czech[1]!.padStart(2, '0')}` : part;
    });
}

/** A season's trainings at once: weekdays, time, place and dates; holidays left out; a preview before saving. */
export function SeriesPage() {
  const flash = useFlash();
  const { data: groups } = useGroupOptions();
  const [form, setForm] = useState<SeriesForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [plan, setPlan] = useState<TrainingSeriesPlan | null>(null);
  const set = <K extends keyof SeriesForm>(key: K, value: SeriesForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setPlan(null);
  };
  const body = (preview: boolean) => ({
    groupId: form.groupId ? Number(form.groupId) : null,
    weekdays: form.weekdays.map(Number),
    startTime: form.startTime,
    endTime: form.endTime,
    from: form.from,
    to: form.to,
    place: form.place || null,
    skipHolidays: form.skipHolidays,
    skipDates: parseDates(form.skipDates),
    preview,
  });

  const send = async (preview: boolean) => {
    try {
      const result = await api.post<TrainingSeriesPlan>(SERIES_URL, body(preview));
      setErrors({});
      if (preview) setPlan(result);
      else {
        flash.show({ message: `Série uložena: vytvořeno ${trainings(result.created)}.` });
        setPlan(null);
        setForm(EMPTY);
      }
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      if (Object.keys(byField).length === 0) flash.show({ variant: 'error', message: describeError(error) });
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader title="Série tréninků" />
      <Text size="sm">
        Vytvoří tréninky skupiny na vybrané dny v týdnu v zadaném období. Státní svátky (i Velikonoce) se
        vynechají. Jednotlivé tréninky pak jde upravit v seznamu{' '}
        <Anchor component={Link} underline="always" to={appPath('training.list')}>
          Tréninky
        </Anchor>
        .
      </Text>
      <Paper withBorder p="md">
        <Stack gap="md">
          <Select
            label="Skupina"
            required
            searchable
            placeholder="Vyberte skupinu"
            maw={420}
            data={(groups ?? []).map((group) => ({ value: String(group.value), label: group.label }))}
            value={form.groupId}
            onChange={(value) => set('groupId', value)}
            error={errors.groupId}
          />
          <Chip.Group multiple value={form.weekdays} onChange={(value) => set('weekdays', value)}>
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend>
                <Text size="sm" fw={500}>
                  Dny v týdnu
                </Text>
              </legend>
              <Group gap="xs" mt={4}>
                {WEEKDAYS.map((label, index) => (
                  <Chip key={label} value={String(index + 1)}>
                    {label}
                  </Chip>
                ))}
              </Group>
              {errors.weekdays && (
                <Text size="xs" c="red" mt={4} role="alert">
                  {errors.weekdays}
                </Text>
              )}
            </fieldset>
          </Chip.Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <TextInput
              type="time"
              label="Začátek"
              required
              value={form.startTime}
              onChange={(event) => set('startTime', event.currentTarget.value)}
              error={errors.startTime}
            />
            <TextInput
              type="time"
              label="Konec"
              required
              value={form.endTime}
              onChange={(event) => set('endTime', event.currentTarget.value)}
              error={errors.endTime}
            />
            <CzechDateInput
              label="Od"
              required
              value={form.from || null}
              onChange={(value) => set('from', value ?? '')}
              error={errors.from}
            />
            <CzechDateInput
              label="Do"
              required
              value={form.to || null}
              onChange={(value) => set('to', value ?? '')}
              error={errors.to}
            />
          </SimpleGrid>
          <TextInput
            label="Místo"
            maw={420}
            value={form.place}
            onChange={(event) => set('place', event.currentTarget.value)}
            error={errors.place}
          />
          <Checkbox
            label="Vynechat státní svátky"
            checked={form.skipHolidays}
            onChange={(event) => set('skipHolidays', event.currentTarget.checked)}
          />
          <GrowingTextarea
            label="Vynechat také tyto dny"
            description="Data oddělená čárkou nebo na řádcích, např. 23. 12. 2026"
            minRows={2}
            maw={420}
            value={form.skipDates}
            onChange={(event) => set('skipDates', event.currentTarget.value)}
            error={Object.entries(errors).find(([path]) => path.startsWith('skipDates'))?.[1]}
          />
          <Group>
            <BusyButton variant="light" onClick={() => send(true)}>
              Zobrazit náhled
            </BusyButton>
            <BusyButton onClick={() => send(false)} disabled={!plan || plan.trainings.length === 0}>
              {plan ? `Vytvořit ${trainings(plan.trainings.length)}` : 'Vytvořit tréninky'}
            </BusyButton>
          </Group>
        </Stack>
      </Paper>
      {plan && <SeriesPreview plan={plan} />}
    </Stack>
  );
}

function SeriesPreview({ plan }: { plan: TrainingSeriesPlan }) {
  return (
    <Stack gap="sm" aria-live="polite">
      <Text fw={600}>
        Náhled: {trainings(plan.trainings.length)}
        {plan.skipped.length > 0 && `, vynecháno ${plan.skipped.length}`}
      </Text>
      {plan.trainings.length === 0 && <Alert color="yellow">V zadaném období nevychází žádný trénink.</Alert>}
      <Table.ScrollContainer minWidth={360}>
        <Table striped aria-label="Náhled série tréninků">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Datum</Table.Th>
              <Table.Th>Čas</Table.Th>
              <Table.Th>Poznámka</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[
              ...plan.trainings.map((training) => ({ date: training.date, training, reason: null })),
              ...plan.skipped.map((skipped) => ({
                date: skipped.date,
                training: null,
                reason: skipped.reason,
              })),
            ]
              .sort((a, b) => a.date.localeCompare(b.date))
              .map((row) => (
                <Table.Tr key={row.date}>
                  <Table.Td>{czechDate(row.date)}</Table.Td>
                  <Table.Td>
                    {row.training
                      ? `${czechTime(row.training.startsAt)}–${czechTime(row.training.endsAt)}`
                      : '—'}
                  </Table.Td>
                  <Table.Td>{row.reason ?? ''}</Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
