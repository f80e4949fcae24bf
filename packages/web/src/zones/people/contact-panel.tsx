import type { EntityRecord, FormSchema, MyClubMember } from '@klubovna/shared';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { MY_CLUB_KEY } from '../../api/use-my-club.ts';
import { engineUrls, useFormSchema } from '../../engine/engine-api.ts';
import { EntityForm } from '../../engine/form/entity-form.tsx';
import { fullName } from './member-name.ts';

const CONTACT_FIELDS = [
  { name: 'email', label: 'E-mail' },
  { name: 'phone', label: 'Telefon' },
  { name: 'address', label: 'Adresa' },
] as const;

/** The member's e-mail, phone and address, and a form to change them. */
export function ContactPanel({ member }: { member: MyClubMember }) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id={headingId}>
          Kontakt
        </Title>
        {!editing && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={16} aria-hidden />}
            aria-label={`Upravit kontakt – ${fullName(member)}`}
            onClick={() => setEditing(true)}
          >
            Upravit
          </Button>
        )}
      </Group>
      {editing ? (
        <ContactEditor memberId={member.id} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap={2} component="dl" m={0}>
          {CONTACT_FIELDS.map(({ name, label }) => (
            <Group key={name} gap="xs" wrap="nowrap" align="baseline">
              <Text component="dt" size="sm" c="dimmed" w={72} style={{ flexShrink: 0 }}>
                {label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {member[name] ?? 'neuvedeno'}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The member form of the engine, narrowed to the fields the person may change (the server marks the
 * others read-only): the record's own validation, version and conflict handling.
 */
function ContactEditor({ memberId, onDone }: { memberId: number; onDone: () => void }) {
  const { mutate } = useSWRConfig();
  const { data: schema } = useFormSchema('member');
  const key = engineUrls.form('member', memberId);
  // Read afresh when the editor opens: the version the change is made against is the stored one.
  const { data: record, isValidating } = useSWR<EntityRecord>(key, {
    revalidateOnMount: true,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  const contact = useMemo(() => schema && writableOnly(schema), [schema]);
  if (!contact || !record || isValidating) return <Skeleton h={180} radius="md" />;
  return (
    <EntityForm
      schema={contact}
      record={record}
      onSaved={(stored) => {
        void mutate(key, stored, { revalidate: false });
        void mutate(MY_CLUB_KEY);
        onDone();
      }}
      actions={
        <Button variant="default" onClick={onDone}>
          Zrušit
        </Button>
      }
    />
  );
}

/** The form schema with only the fields the person may write, in one untitled section. */
function writableOnly(schema: FormSchema): FormSchema {
  const section = { key: 'contact', label: '' };
  return {
    ...schema,
    sections: [section],
    fields: schema.fields
      .filter((field) => !field.readOnly)
      .map((field) => ({ ...field, section: section.key, span: 12 })),
  };
}
