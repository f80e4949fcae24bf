import { API_PATHS } from '@klubovna/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../../api/api.ts';
import { BusyButton } from '../../../ui/busy/busy-button.tsx';
import { useAsyncAction } from '../../../ui/busy/use-async-action.ts';
import { useFormState } from '../../../ui/form/use-form-state.ts';
import { appPath } from '../../../ui/navigation/app-path.ts';
import { Link } from '../../../ui/routing/router.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { validateEmail } from '../components/email.ts';

/** Asks for a recovery link. The confirmation is the same whether or not the e-mail has an account. */
export function ForgottenPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFormState({
    initialValues: { email: '' },
    validate: { email: validateEmail },
  });
  const { failure, setFailure } = form;

  const [submitting, submit] = useAsyncAction(async ({ email }: { email: string }) => {
    setFailure(null);
    try {
      await api.post(API_PATHS.forgottenPassword, { email: email.trim(), cms: true });
      setSentTo(email.trim());
    } catch (error) {
      form.reportFailure(error);
    }
  });

  const backToLogin = (
    <Anchor component={Link} to={appPath('cms.login')}>
      Zpět na přihlášení
    </Anchor>
  );

  if (sentTo !== null) {
    return (
      <AuthCard title="Zkontrolujte e-mail" footer={backToLogin}>
        <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden />} role="status">
          <Text size="sm">
            Pokud u nás existuje účet s e-mailem <strong>{sentTo}</strong>, poslali jsme na něj odkaz pro
            nastavení nového hesla. Odkaz má omezenou platnost.
          </Text>
        </Alert>
        <Text size="sm" c="dimmed">
          Nic nepřišlo? Zkontrolujte složku s nevyžádanou poštou, případně si odkaz nechte poslat znovu.
        </Text>
        <Button variant="default" onClick={() => setSentTo(null)}>
          Poslat odkaz znovu
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Zapomenuté heslo"
      description="Zadejte e-mail, kterým se přihlašujete. Pošleme vám odkaz pro nastavení nového hesla."
      footer={backToLogin}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            withAsterisk={false}
            autoFocus
            {...form.field('email')}
          />
          <BusyButton type="submit" busy={submitting} fullWidth size="md">
            Poslat odkaz
          </BusyButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
