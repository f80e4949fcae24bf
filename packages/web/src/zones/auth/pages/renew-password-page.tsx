import { API_PATHS } from '@klubovna/shared';
import { Alert, Anchor, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { api } from '../../../api/api.ts';
import { describeError, errorCode } from '../../../api/describe-error.ts';
import { BusyButton } from '../../../ui/busy/busy-button.tsx';
import { useAsyncAction } from '../../../ui/busy/use-async-action.ts';
import { useFlash } from '../../../ui/flash/flash-provider.tsx';
import { useFormState } from '../../../ui/form/use-form-state.ts';
import { appPath } from '../../../ui/navigation/app-path.ts';
import { Link, useNavigate, useParams } from '../../../ui/routing/router.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { validateNewPassword, validatePasswordRepeat } from '../components/password-strength.ts';

type RenewValues = { password: string; passwordRepeat: string };

/**
 * Whether the link still works, asked once the page opens without using it up: `checking`, `usable`,
 * or the server's message why it no longer does. When the check itself fails (offline, too many
 * attempts), the form is shown and setting the password tells.
 */
function useLinkState(token: string): 'checking' | 'usable' | { spent: string } {
  const [state, setState] = useState<'checking' | 'usable' | { spent: string }>('checking');
  useEffect(() => {
    let current = true;
    api.post(API_PATHS.passwordTokenCheck, { token }).then(
      () => current && setState('usable'),
      (error: unknown) =>
        current &&
        setState(errorCode(error) === 'INVALID_TOKEN' ? { spent: describeError(error) } : 'usable'),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return state;
}

/** Sets a new password from the link in the recovery e-mail or the invitation. */
export function RenewPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const flash = useFlash();
  const link = useLinkState(token);
  const [tokenSpent, setTokenSpent] = useState<string | null>(null);
  const form = useFormState<RenewValues>({
    initialValues: { password: '', passwordRepeat: '' },
    validate: {
      password: validateNewPassword,
      passwordRepeat: (value, values) => validatePasswordRepeat(value, values.password),
    },
  });
  const { failure, setFailure } = form;

  const [submitting, submit] = useAsyncAction(async (values: RenewValues) => {
    setFailure(null);
    try {
      await api.post(API_PATHS.passwordRecovery, { token, password: values.password });
      flash.success('Heslo bylo změněno. Nyní se můžete přihlásit.');
      await navigate(appPath('cms.login'), { replace: true });
    } catch (error) {
      if (errorCode(error) === 'INVALID_TOKEN') {
        setTokenSpent(describeError(error));
        return;
      }
      form.reportFailure(error);
    }
  });

  const backToLogin = (
    <Anchor component={Link} to={appPath('cms.login')}>
      Zpět na přihlášení
    </Anchor>
  );

  const spent = tokenSpent ?? (typeof link === 'object' ? link.spent : null);
  if (spent) {
    return (
      <AuthCard title="Odkaz už neplatí" footer={backToLogin}>
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {spent}
        </Alert>
        <Button component={Link} to={appPath('cms.forgottenPassword')}>
          Požádat o nový odkaz
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Nové heslo"
      description="Zvolte si nové heslo pro přihlášení do administrace."
      footer={backToLogin}
    >
      {link === 'checking' ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label="Ověřujeme odkaz">
          <Skeleton height={60} />
          <Skeleton height={60} />
          <Skeleton height={42} />
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            {failure && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                {failure}
              </Alert>
            )}
            <NewPasswordFields form={form} autoFocus />
            <BusyButton type="submit" busy={submitting} fullWidth size="md">
              Nastavit heslo
            </BusyButton>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
