import { API_PATHS, can, type SecurityPolicy } from '@klubovna/shared';
import { Paper, Switch } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../api/api.ts';
import { useCurrentUser } from '../../api/use-current-user.ts';
import { useReported } from '../../engine/related/use-reported.ts';

/** Whether admins and roots must use two-factor sign-in: shown to admins, changed by a root. */
export function SecurityPolicySwitch() {
  const { data, mutate } = useSWR<SecurityPolicy>(API_PATHS.securityPolicy);
  const { roles } = useCurrentUser();
  const reported = useReported();
  const [saving, setSaving] = useState(false);
  if (!data) return null;
  const change = async (twoFactorForAdmins: boolean) => {
    setSaving(true);
    await reported(
      async () =>
        mutate(await api.put<SecurityPolicy>(API_PATHS.securityPolicy, { twoFactorForAdmins }), false),
      twoFactorForAdmins
        ? 'Správci a hlavní správci se teď musí přihlašovat dvoufázově.'
        : 'Dvoufázové přihlášení už není pro správce povinné.',
    );
    setSaving(false);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Switch
        label="Vyžadovat dvoufázové přihlášení od správců a hlavních správců"
        description={
          can(roles, 'rootUsers', 'write')
            ? 'Kdo ho nemá zapnuté, dostane se po přihlášení jen do svého profilu, dokud ho nezapne.'
            : 'Může změnit jen hlavní správce.'
        }
        checked={data.twoFactorForAdmins}
        disabled={saving || !can(roles, 'rootUsers', 'write')}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
    </Paper>
  );
}
