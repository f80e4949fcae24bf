import type { MyClubConsent, MyClubMember } from '@klubovna/shared';
import { Stack, Switch, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { MY_CLUB_KEY } from '../../api/use-my-club.ts';
import { saveRecord } from '../../engine/engine-api.ts';
import { useReported } from '../../engine/related/use-reported.ts';
import { useConfirm } from '../../ui/confirm/use-confirm.tsx';
import { fullName } from './member-name.ts';

/** Gives a consent (a new record, or the stored one changed) or revokes it. */
function saveConsent(member: MyClubMember, consent: MyClubConsent, granted: boolean, givenBy: string) {
  return consent.id === null
    ? saveRecord('consent', { member: member.id, kind: consent.kind, granted, givenBy })
    : saveRecord('consent', { version: consent.version, granted }, consent.id);
}

/** The member's consents, each a switch saved at once; revoking one asks first. */
export function ConsentSwitches({ member }: { member: MyClubMember }) {
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        Souhlasy
      </Title>
      {member.consents.map((consent) => (
        <ConsentSwitch key={consent.kind} member={member} consent={consent} />
      ))}
    </Stack>
  );
}

function ConsentSwitch({ member, consent }: { member: MyClubMember; consent: MyClubConsent }) {
  const { user } = useCurrentUser();
  const { mutate } = useSWRConfig();
  const reported = useReported();
  const confirm = useConfirm();
  // The switch shows the asked-for state while it is being saved.
  const [saving, setSaving] = useState<boolean | null>(null);
  const givenBy = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || (user?.email ?? '');

  const save = async (granted: boolean) => {
    setSaving(granted);
    await reported(async () => {
      await saveConsent(member, consent, granted, givenBy);
      await mutate(MY_CLUB_KEY);
    }, 'Uloženo');
    setSaving(null);
  };

  const change = (granted: boolean) => {
    if (granted) return void save(true);
    void confirm({
      title: 'Odvolat souhlas?',
      message: (
        <Text>
          {consent.label} – {fullName(member)}. Klub souhlas přestane využívat hned po odvolání; kdykoli ho
          můžete udělit znovu.
        </Text>
      ),
      confirmLabel: 'Odvolat souhlas',
      danger: true,
      onConfirm: () => save(false),
    });
  };

  return (
    <Switch
      label={consent.label}
      checked={saving ?? consent.granted}
      disabled={saving !== null}
      aria-busy={saving !== null || undefined}
      onChange={(event) => change(event.currentTarget.checked)}
    />
  );
}
