import type { SignUpList, SignUpRow } from '@klubovna/shared';
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import useSWR from 'swr';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { deleteRecord, saveRecord, useEntityLabels } from '../engine-api.ts';
import type { SelectOption } from '../kinds/relation/use-related-options.ts';
import { namedObject } from '../labels.ts';
import { RecordPicker } from './record-picker.tsx';
import type { SignUpsPanelProps, Values } from './sign-ups-panel.types.ts';
import { SignUpsTable } from './sign-ups-table.tsx';
import { useRefetchOnVersion } from './use-refetch-on-version.ts';
import { useReported } from './use-reported.ts';

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
  useRefetchOnVersion(owner.version, mutate);

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
