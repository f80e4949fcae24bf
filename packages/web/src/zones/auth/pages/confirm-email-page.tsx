import { API_PATHS } from '@klubovna/shared';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../../api/api.ts';
import { describeError } from '../../../api/describe-error.ts';
import { CURRENT_USER_KEY } from '../../../api/use-current-user.ts';
import { BusyButton } from '../../../ui/busy/busy-button.tsx';
import { useAsyncAction } from '../../../ui/busy/use-async-action.ts';
import { appPath } from '../../../ui/navigation/app-path.ts';
import { Link, useParams } from '../../../ui/routing/router.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { OWN_PROFILE_KEY } from '../components/profile-details-form.tsx';

/**
 * Confirms an own e-mail change from the link mailed to the new address. It waits for a click, so a
 * mail scanner that opens links does not confirm on the person's behalf.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const { mutate } = useSWRConfig();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, confirm] = useAsyncAction(async () => {
    setFailure(null);
    try {
      const result = await api.post<{ email: string }>(API_PATHS.confirmEmail, { token });
      setDone(result.email);
      await Promise.all([mutate(CURRENT_USER_KEY), mutate(OWN_PROFILE_KEY)]);
    } catch (error) {
      setFailure(describeError(error));
    }
  });
  const footer = (
    <Anchor component={Link} to={appPath('cms.userProfile')}>
      Na můj profil
    </Anchor>
  );
  return (
    <AuthCard title="Potvrzení e-mailu" footer={footer}>
      <Stack gap="md">
        {done ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            E-mail pro přihlášení je změněn na {done}.
          </Alert>
        ) : (
          <>
            <Text>Potvrďte, že chcete tuto adresu používat pro přihlášení do Klubovny.</Text>
            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                {failure}
              </Alert>
            )}
            <BusyButton busy={confirming} onClick={() => confirm()} fullWidth size="md">
              Potvrdit nový e-mail
            </BusyButton>
          </>
        )}
      </Stack>
    </AuthCard>
  );
}
