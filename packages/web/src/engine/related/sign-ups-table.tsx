import type { SignUpList, SignUpRow } from '@klubovna/shared';
import { Button, Group, Table, VisuallyHidden } from '@mantine/core';
import { IconDeviceFloppy, IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldErrors } from '../../api/describe-error.ts';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { saveRecord } from '../engine-api.ts';
import type { RowEditor, SignUpsPanelProps, Values } from './sign-ups-panel.types.ts';
import { useReported } from './use-reported.ts';

const typedOrNull = (value: unknown) => (value === '' || value === undefined ? null : value);

export interface SignUpsTableProps<Row extends SignUpRow, List extends SignUpList<Row>>
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

/** A table of sign-ups (those with a place, or those waiting), each row editable and removable. */
export function SignUpsTable<Row extends SignUpRow, List extends SignUpList<Row>>(
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

/** One sign-up: its cells edit a draft saved by the row's "Uložit", or save a change at once. */
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
