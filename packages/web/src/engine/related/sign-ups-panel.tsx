import type { EntityRecord, SignUpList, SignUpRow } from '@klubovna/shared';
import { Button, Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDeviceFloppy, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import useSWR from 'swr';
import { fieldErrors } from '../../api/describe-error.ts';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { deleteRecord, saveRecord, useEntityLabels } from '../engine-api.ts';
import type { SelectOption } from '../kinds/relation/use-related-options.ts';
import { namedObject } from '../labels.ts';
import { RecordPicker } from './record-picker.tsx';
import { useReported } from './use-reported.ts';

type Values = Record<string, unknown>;

/** What a column's cell may do with its row's sign-up: edit its fields, or save a change at once. */
export interface RowEditor {
  /** The member as sentences name them, for the inputs' accessible names (`Čas – Eva Čermáková`). */
  name: string;
  /** A field's value as changed since the row was last saved, else `saved`. */
  value<T>(field: string, saved: T): T;
  /** Keeps a change of a field, saved by the row's "Uložit". */
  change(field: string, value: unknown): void;
  /** Saves a change at once (a payment state chosen), saying `success` when it is saved. */
  saveNow(values: Values, success: string): void;
  /** The server's refusal of the field at the row's last save. */
  error(field: string): string | undefined;
}

/** One column of the list beside the member's name. */
export interface SignUpColumn<Row extends SignUpRow, List extends SignUpList<Row>> {
  header: string;
  cell: (row: Row, edit: RowEditor, list: List) => ReactNode;
}

export interface SignUpsPanelProps<Row extends SignUpRow, List extends SignUpList<Row>> {
  /** The sign-ups' entity (`camp-participant`) and its relations to the record and to the member. */
  alias: string;
  parentField: string;
  /** Default `member`, an entity of that alias. */
  memberField?: string;
  /** The record the panel is under, as last saved. */
  owner: EntityRecord;
  /** Where its sign-up list is read (`API_PATHS.campParticipants` of the record). */
  url: string;
  /** Heading, and the name of the table of those with a place (`Účastníci`). */
  title: string;
  columns: SignUpColumn<Row, List>[];
  /** The sign-ups have places: the heading counts them against the capacity and a waiting list shows. */
  waitingList?: boolean;
  /** Each row gets an "Uložit" button that saves what its inputs changed; default none. */
  savedByRow?: boolean;
  /** The message once `label` is signed up (or waits for a place). */
  signedUp: (label: string, waiting: boolean) => string;
  /** What the confirmation of removing one with a place adds (`Smaže se i zapsaný výsledek.`). */
  removeMessage?: string;
  /** Beside the heading (exports). */
  headerActions?: (list: List) => ReactNode;
  /** Inputs beside the member picker whose values go with the sign-up (a race's category). */
  signUpInputs?: (list: List, values: Values, change: (values: Values) => void) => ReactNode;
  /** A sentence under the picker (when results may be entered). */
  notice?: (list: List) => ReactNode;
  /** The tables' narrowest width before they scroll; default 560. */
  minWidth?: number;
}

const typedOrNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * The sign-ups of the record a form shows (a camp's participants, a race's entries), as the engine's
 * sign-up list serves them: a member signed up with a picker, the list with the given columns saved
 * from the row, removal after a confirmation, and with places, the count against the capacity and the
 * waiting list in order.
 */
export function SignUpsPanel<Row extends SignUpRow, List extends SignUpList<Row>>(
  props: SignUpsPanelProps<Row, List>,
) {
  const { alias, parentField, memberField = 'member', owner, url, title, waitingList, signedUp } = props;
  const headingId = useId();
  const { data: list, mutate } = useSWR<List>(url);
  const [member, setMember] = useState<SelectOption | null>(null);
  const [extra, setExtra] = useState<Values>({});
  const reported = useReported();
  const confirm = useConfirm();
  const flash = useFlash();
  const labels = useEntityLabels(alias);

  // A saved record (a new capacity, new categories, a new date) may change the list and what it takes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch whenever the owner's version changes
  useEffect(() => {
    void mutate();
  }, [owner.version, mutate]);

  const signUp = async () => {
    if (!member) return;
    let waiting = false;
    const done = await reported(async () => {
      const saved = await saveRecord(alias, {
        ...extra,
        [parentField]: owner.id,
        [memberField]: Number(member.value),
      });
      setMember(null);
      const fresh = await mutate();
      waiting = fresh?.waiting.some((row) => row.id === saved.id) ?? false;
    });
    if (done) flash.show({ message: signedUp(member.label, waiting) });
  };

  const remove = (row: Row) => {
    const waiting = row.waitingPosition !== null;
    const freed = !waiting && (list?.waiting.length ?? 0) > 0 ? 'Uvolněné místo dostane první čekající.' : '';
    return confirm({
      title: `${waiting ? 'Odebrat z čekací listiny' : 'Odhlásit'} ${namedObject(labels!, row.memberName)}?`,
      message: waiting
        ? 'Ostatní čekající se posunou.'
        : [props.removeMessage, freed].filter(Boolean).join(' ') || 'Přihláška se smaže.',
      confirmLabel: 'Odhlásit',
      danger: true,
      onConfirm: () =>
        reported(async () => {
          await deleteRecord(alias, row.id);
          await mutate();
        }, `Odhlášeno: ${row.memberName}.`),
    });
  };

  if (!list || !labels) return <Skeleton h={200} radius="md" />;
  const table = (rows: Row[], caption: string, waiting: boolean) => (
    <SignUpsTable
      {...props}
      list={list}
      rows={rows}
      caption={caption}
      waiting={waiting}
      onSaved={() => void mutate()}
      onRemove={remove}
      removeLabel={(row) => `Odhlásit ${namedObject(labels, row.memberName)}`}
    />
  );
  const count = list.participants.length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id={headingId}>
            {title}{' '}
            <Text span c="dimmed" inherit>
              {waitingList && list.capacity !== null ? `(${count} z ${list.capacity})` : `(${count})`}
            </Text>
          </Title>
          {props.headerActions?.(list)}
        </Group>
        <Group align="flex-end" gap="sm">
          <RecordPicker
            alias="member"
            field={`${alias}.${memberField}`}
            label="Přihlásit člena"
            value={member}
            onChange={setMember}
          />
          {props.signUpInputs?.(list, extra, (values) => setExtra((before) => ({ ...before, ...values })))}
          <BusyButton leftSection={<IconUserPlus size={18} />} disabled={!member} onClick={signUp}>
            Přihlásit
          </BusyButton>
        </Group>
        {props.notice?.(list)}
        {count === 0 ? (
          <Text c="dimmed">Zatím nikdo není přihlášen.</Text>
        ) : (
          table(list.participants, title, false)
        )}
        {waitingList && (
          <>
            <Title order={3} size="h4">
              Čekací listina{' '}
              <Text span c="dimmed" inherit>
                ({list.waiting.length})
              </Text>
            </Title>
            {list.waiting.length === 0 ? (
              <Text c="dimmed">Nikdo nečeká.</Text>
            ) : (
              table(list.waiting, 'Čekací listina', true)
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

interface SignUpsTableProps<Row extends SignUpRow, List extends SignUpList<Row>>
  extends SignUpsPanelProps<Row, List> {
  list: List;
  rows: Row[];
  caption: string;
  /** The rows wait: each shows its place on the waiting list first. */
  waiting: boolean;
  onSaved: () => void;
  onRemove: (row: Row) => unknown;
  /** The remove button's accessible name. */
  removeLabel: (row: Row) => string;
}

function SignUpsTable<Row extends SignUpRow, List extends SignUpList<Row>>(
  props: SignUpsTableProps<Row, List>,
) {
  const { rows, caption, waiting, columns, minWidth = 560 } = props;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {waiting && <Table.Th>Pořadí</Table.Th>}
            <Table.Th>Jméno</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Akce</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            // A saved row comes back with a new version: its inputs start again from what was saved.
            <SignUpTableRow key={`${row.id}-${row.version}`} {...props} row={row} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SignUpTableRow<Row extends SignUpRow, List extends SignUpList<Row>>({
  alias,
  row,
  list,
  columns,
  waiting,
  savedByRow,
  onSaved,
  onRemove,
  removeLabel,
}: SignUpsTableProps<Row, List> & { row: Row }) {
  const [draft, setDraft] = useState<Values>({});
  // The server's refusals, shown on the inputs they concern (a time in a wrong form, say).
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reported = useReported();
  const name = row.memberName;
  const save = (values: Values, success: string) =>
    reported(async () => {
      try {
        await saveRecord(alias, { ...values, version: row.version }, row.id);
      } catch (error) {
        setErrors(fieldErrors(error));
        throw error;
      }
      setErrors({});
      onSaved();
    }, success);
  const edit: RowEditor = {
    name,
    value: <T,>(field: string, saved: T) => (field in draft ? (draft[field] as T) : saved),
    change: (field, value) => setDraft((before) => ({ ...before, [field]: value })),
    saveNow: (values, success) => void save(values, success),
    error: (field) => errors[field],
  };
  const saved = row as unknown as Values;
  const changed = Object.entries(draft).some(
    ([field, value]) => typedOrNull(value) !== typedOrNull(saved[field]),
  );
  return (
    <Table.Tr>
      {waiting && <Table.Td>{row.waitingPosition}.</Table.Td>}
      <Table.Td>{row.memberLabel}</Table.Td>
      {columns.map((column) => (
        <Table.Td key={column.header}>{column.cell(row, edit, list)}</Table.Td>
      ))}
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {savedByRow && (
            <BusyButton
              size="xs"
              variant="light"
              leftSection={<IconDeviceFloppy size={16} />}
              aria-label={`Uložit – ${name}`}
              disabled={!changed}
              onClick={() => save(draft, `Uloženo: ${name}.`)}
            >
              Uložit
            </BusyButton>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconUserMinus size={16} />}
            aria-label={removeLabel(row)}
            onClick={() => onRemove(row)}
          >
            Odhlásit
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
