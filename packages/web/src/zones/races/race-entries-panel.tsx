import {
  API_PATHS,
  apiPath,
  type EntityRecord,
  PAYMENT_STATE_LABELS,
  type RaceParticipantRow,
  type RaceParticipants,
} from '@klubovna/shared';
import { NumberInput, Select, Text, TextInput } from '@mantine/core';
import { SignUpsPanel } from '../../engine/related/sign-ups-panel.tsx';
import type { SignUpColumn } from '../../engine/related/sign-ups-panel.types.ts';

const COLUMNS: SignUpColumn<RaceParticipantRow, RaceParticipants>[] = [
  {
    header: 'Kategorie',
    cell: (row, edit, { categories }) => {
      const props = {
        size: 'xs',
        w: 150,
        'aria-label': `Kategorie – ${edit.name}`,
        error: edit.error('category'),
      } as const;
      const category = edit.value('category', row.category);
      return categories.length > 0 ? (
        <Select
          {...props}
          data={categories}
          value={category}
          onChange={(value) => edit.change('category', value)}
          clearable
        />
      ) : (
        <TextInput
          {...props}
          value={category ?? ''}
          onChange={(event) => edit.change('category', event.currentTarget.value || null)}
        />
      );
    },
  },
  {
    header: 'Čas',
    cell: (row, edit, { resultsOpen }) => (
      <TextInput
        size="xs"
        w={110}
        aria-label={`Čas – ${edit.name}`}
        placeholder="1:02:03"
        disabled={!resultsOpen}
        value={edit.value('resultTime', row.resultTime ?? '')}
        onChange={(event) => edit.change('resultTime', event.currentTarget.value)}
        error={edit.error('resultTime')}
      />
    ),
  },
  {
    header: 'Umístění',
    cell: (row, edit, { resultsOpen }) => (
      <NumberInput
        size="xs"
        w={90}
        aria-label={`Umístění – ${edit.name}`}
        min={1}
        allowDecimal={false}
        disabled={!resultsOpen}
        value={edit.value<number | string>('resultPlace', row.resultPlace ?? '')}
        onChange={(value) => edit.change('resultPlace', value)}
        error={edit.error('resultPlace')}
      />
    ),
  },
  {
    // The state of the entry's payment request (Platby); none to a person who may not read it.
    header: 'Platba',
    cell: (row) => (row.paymentState ? PAYMENT_STATE_LABELS[row.paymentState] : '–'),
  },
  {
    header: 'Lékařská prohlídka',
    cell: (row) =>
      row.medicalWarning ? (
        <Text
          size="xs"
          maw={220}
          style={{ color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' }}
        >
          {row.medicalWarning}
        </Text>
      ) : (
        <Text size="xs">–</Text>
      ),
  },
];

/** Who starts in the race and in which category; times and places once it is run. */
export function RaceEntriesPanel({ race }: { race: EntityRecord }) {
  return (
    <SignUpsPanel<RaceParticipantRow, RaceParticipants>
      alias="race-participant"
      parentField="race"
      owner={race}
      url={apiPath(API_PATHS.raceParticipants, { id: race.id })}
      title="Účastníci a výsledky"
      columns={COLUMNS}
      savedByRow
      minWidth={640}
      signedUp={(label) => `Přihlášeno do závodu: ${label}.`}
      removeMessage="Smaže se i zapsaný výsledek."
      signUpInputs={({ categories }, values, change) =>
        categories.length > 0 && (
          <Select
            label="Kategorie"
            w={180}
            data={categories}
            value={(values.category as string | null | undefined) ?? null}
            onChange={(category) => change({ category })}
            clearable
          />
        )
      }
      notice={({ resultsOpen }) =>
        !resultsOpen && (
          <Text size="sm" c="dimmed">
            Výsledky půjde zapsat ode dne závodu.
          </Text>
        )
      }
    />
  );
}
