import { API_PATHS } from '@klubovna/shared';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../../api/api.ts';
import { UnauthorizedError } from '../../../api/api-errors.ts';
import { describeError } from '../../../api/describe-error.ts';
import { useFlash } from '../../../ui/flash/flash-provider.tsx';
import { appPath } from '../../../ui/navigation/app-path.ts';
import { useNavigate } from '../../../ui/routing/router.tsx';
import { AuthCard } from '../components/auth-card.tsx';

/** Ends the session, forgets every cached answer and returns to the sign-in screen. */
export function LogoutPage() {
  const navigate = useNavigate();
  const flash = useFlash();
  const { mutate } = useSWRConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  const logout = useCallback(async () => {
    setFailure(null);
    try {
      await api.post(API_PATHS.logout);
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) {
        setFailure(describeError(error));
        return;
      }
    }
    await mutate(() => true, undefined, { revalidate: false });
    flash.show({ id: 'logout', variant: 'info', message: 'Byli jste odhlášeni.' });
    await navigate(appPath('cms.login'), { replace: true });
  }, [flash, mutate, navigate]);

  useEffect(() => {
    // Strict mode mounts twice in development; sign out once.
    if (started.current) return;
    started.current = true;
    void logout();
  }, [logout]);

  if (failure) {
    return (
      <AuthCard title="Odhlášení se nezdařilo" description={failure}>
        <Button onClick={() => void logout()}>Zkusit znovu</Button>
      </AuthCard>
    );
  }
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text role="status">Odhlašování…</Text>
      </Stack>
    </Center>
  );
}
