import type { EntityRecord, FormSchema, HistoryChange, HistoryEntry } from '@klubovna/shared';
import { czechDateTime } from '@klubovna/shared/time/prague';
import { Accordion, Button, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../api/api.ts';
import { describeError } from '../../api/describe-error.ts';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { engineUrls, saveRecord } from '../engine-api.ts';

const ACTION_LABELS: Record<HistoryEntry['action'], string> = {
  create: 'Vytvořeno',
  update: 'Upraveno',
  delete: 'Smazáno',
  action: 'Akce',
};

interface HistoryPanelProps {
  schema: FormSchema;
  record: EntityRecord;
  /** The version last saved from the form: the history is read again when it changes. */
  version: number;
  /** After a field was put back, with the record as saved. */
  onRestored: (record: EntityRecord) => void;
}

/** Who changed what and when, read from the audit trail when opened; a field can be put back. */
export function HistoryPanel(props: HistoryPanelProps) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Accordion variant="separated" value={open} onChange={setOpen}>
      <Accordion.Item value="history">
        <Accordion.Control icon={<IconHistory size={18} aria-hidden />}>Historie změn</Accordion.Control>
        <Accordion.Panel>{open && <HistoryEntries {...props} />}</Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

function HistoryEntries({ schema, record, version, onRestored }: HistoryPanelProps) {
  const { data, error, mutate } = useSWR<HistoryEntry[]>([
    engineUrls.history(schema.alias, record.id),
    { v: version },
  ]);
  const flash = useFlash();
  const confirm = useConfirm();
  const editable = new Set(schema.fields.filter((field) => !field.readOnly).map((field) => field.name));

  if (error) return <Text c="red">{describeError(error)}</Text>;
  if (!data) return <Skeleton height={80} />;
  if (data.length === 0) return <Text size="sm">Záznam zatím nemá žádnou zaznamenanou změnu.</Text>;

  const restore = (change: HistoryChange) =>
    confirm({
      title: 'Vrátit předchozí hodnotu?',
      message: `Pole „${change.label}“ dostane zpět hodnotu ${change.fromText} a záznam se uloží. Neuložené úpravy ve formuláři se zahodí.`,
      confirmLabel: 'Vrátit a uložit',
      onConfirm: async () => {
        // The form may have been saved since it opened: put the value back onto the latest version.
        const latest = await api.get<EntityRecord>(engineUrls.form(schema.alias, record.id));
        const saved = await saveRecord(
          schema.alias,
          { [change.field]: change.from, version: latest.version },
          record.id,
        );
        flash.show({ message: `Vráceno: ${change.label}` });
        onRestored(saved);
        await mutate();
      },
    });

  return (
    <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {data.map((entry) => (
        <li key={entry.id}>
          <Text size="sm" fw={600}>
            {czechDateTime(entry.at)} · {entry.user?.name ?? 'systém'} ·{' '}
            {entry.action === 'action'
              ? `${ACTION_LABELS.action}: ${entry.actionName}`
              : ACTION_LABELS[entry.action]}
          </Text>
          {entry.changes.length > 0 && (
            <List size="sm" spacing={4} mt={4}>
              {entry.changes.map((change) => (
                <List.Item key={change.field}>
                  <Group gap="xs" wrap="wrap">
                    <span>
                      <strong>{change.label}:</strong>{' '}
                      {entry.action === 'create' ? change.toText : `${change.fromText} → ${change.toText}`}
                    </span>
                    {entry.action === 'update' && schema.canWrite && editable.has(change.field) && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => void restore(change)}
                        aria-label={`Vrátit pole ${change.label} na ${change.fromText}`}
                      >
                        Vrátit
                      </Button>
                    )}
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </li>
      ))}
    </Stack>
  );
}
