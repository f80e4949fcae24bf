import { API_PATHS, type UserDto } from '@klubovna/shared';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../../api/api.ts';
import { errorCode } from '../../../api/describe-error.ts';
import { CURRENT_USER_KEY } from '../../../api/use-current-user.ts';
import { BusyButton } from '../../../ui/busy/busy-button.tsx';
import { useAsyncAction } from '../../../ui/busy/use-async-action.ts';
import { PasswordField } from '../../../ui/form/password-field.tsx';
import { useFormState } from '../../../ui/form/use-form-state.ts';
import { appPath } from '../../../ui/navigation/app-path.ts';
import { Link, useNavigate, useSearchParams } from '../../../ui/routing/router.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { validateEmail } from '../components/email.ts';
import { RETURN_TO_PARAM, safeReturnTo } from '../components/return-to.ts';

type Credentials = { email: string; password: string; code: string };

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const passwordInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  // With two-factor sign-in on, the password was right and the code from the app comes next.
  const [needsCode, setNeedsCode] = useState(false);
  // Signed in: the form stays shut until the next screen replaces it. The address changes before that
  // screen is drawn, and what someone typed here meanwhile would be lost with the form.
  const [signedIn, setSignedIn] = useState(false);
  const form = useFormState<Credentials>({
    initialValues: { email: '', password: '', code: '' },
    validate: {
      email: validateEmail,
      password: (value) => (value ? null : 'Zadejte heslo.'),
      code: (value) => (needsCode && !value.trim() ? 'Zadejte kód z aplikace.' : null),
    },
  });
  const { failure, setFailure } = form;
  const startOver = () => {
    setNeedsCode(false);
    setFailure(null);
    form.setValues({ email: form.values.email, password: '', code: '' });
  };

  const [submitting, submit] = useAsyncAction(async (values: Credentials) => {
    setFailure(null);
    try {
      const answer = await api.post<{ user?: UserDto; twoFactorRequired?: true }>(API_PATHS.login, {
        email: values.email.trim(),
        password: values.password,
        ...(needsCode ? { code: values.code.trim() } : {}),
      });
      if (answer.twoFactorRequired || !answer.user) {
        setNeedsCode(true);
        setTimeout(() => codeInput.current?.focus());
        return;
      }
      setSignedIn(true);
      await mutate(CURRENT_USER_KEY, answer.user, { revalidate: false });
      // A root requires two-factor sign-in of this role: the profile, where it is turned on, comes first.
      // Without a page to return to, a member's or parent's account lands on its own page.
      const back = safeReturnTo(params.get(RETURN_TO_PARAM));
      const target = answer.user.twoFactorSetupRequired
        ? appPath('cms.userProfile')
        : back === '/'
          ? appPath('cms.index')
          : back;
      await navigate(target, { replace: true });
    } catch (error) {
      setSignedIn(false);
      form.reportFailure(error);
      if (needsCode && errorCode(error) !== 'INVALID_CREDENTIALS') {
        form.setFieldValue('code', '');
        codeInput.current?.focus();
        return;
      }
      setNeedsCode(false);
      form.setFieldValue('password', '');
      form.setFieldValue('code', '');
      passwordInput.current?.focus();
    }
  });

  return (
    <AuthCard
      title="Přihlášení"
      description="Přihlaste se do administrace klubu e-mailem a heslem."
      footer={
        <Anchor component={Link} to={appPath('cms.forgottenPassword')}>
          Zapomněli jste heslo?
        </Anchor>
      }
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              role="alert"
              title="Přihlášení se nezdařilo"
            >
              {failure}
            </Alert>
          )}
          <div hidden={needsCode}>
            <Stack gap="md">
              <TextInput
                label="E-mail"
                type="email"
                autoComplete="username"
                inputMode="email"
                required
                withAsterisk={false}
                autoFocus
                disabled={signedIn}
                {...form.field('email')}
              />
              <PasswordField
                ref={passwordInput}
                label="Heslo"
                autoComplete="current-password"
                required
                withAsterisk={false}
                disabled={signedIn}
                {...form.field('password')}
              />
            </Stack>
          </div>
          {needsCode && (
            <TextInput
              ref={codeInput}
              label="Kód z aplikace"
              description="Šestimístný kód z ověřovací aplikace, nebo jeden ze záložních kódů."
              autoComplete="one-time-code"
              spellCheck={false}
              maxLength={20}
              required
              withAsterisk={false}
              disabled={signedIn}
              {...form.field('code')}
            />
          )}
          <Group justify="stretch" mt="xs">
            <BusyButton type="submit" busy={submitting || signedIn} fullWidth size="md">
              {needsCode ? 'Ověřit kód' : 'Přihlásit se'}
            </BusyButton>
            {needsCode && (
              <Button variant="default" fullWidth onClick={startOver}>
                Přihlásit se jinak
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
