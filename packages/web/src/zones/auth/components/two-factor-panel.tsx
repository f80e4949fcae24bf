import { API_PATHS, type TwoFactorSetup, type UserDto } from '@klubovna/shared';
import { Alert, Badge, Code, Group, Image, List, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../../api/api.ts';
import { describeError, fieldErrors } from '../../../api/describe-error.ts';
import { CURRENT_USER_KEY } from '../../../api/use-current-user.ts';
import { BusyButton } from '../../../ui/busy/busy-button.tsx';
import { useAsyncAction } from '../../../ui/busy/use-async-action.ts';
import { useFlash } from '../../../ui/flash/flash-provider.tsx';
import { PasswordField } from '../../../ui/form/password-field.tsx';
import { OWN_PROFILE_KEY } from './profile-details-form.tsx';

/** Filled badge colours dark enough for white text (at least 4.5:1) in both schemes. */
const ON_COLOR = '#1e6b30';
const OFF_COLOR = '#495057';

/**
 * Two-factor sign-in in the profile: turning it on with a QR code and a first code (then the ten
 * recovery codes, shown once), or off with the current password.
 */
export function TwoFactorPanel({ user }: { user: UserDto }) {
  const { mutate } = useSWRConfig();
  const flash = useFlash();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  // Keyed by the field the server named (`code`, `password`): each input shows only its own error.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => Promise.all([mutate(OWN_PROFILE_KEY), mutate(CURRENT_USER_KEY)]);
  /** Each attempt starts clean: no message of an earlier attempt outlives it. */
  const attempt = (action: () => Promise<void>) => async () => {
    setFailure(null);
    setErrors({});
    try {
      await action();
    } catch (error) {
      setErrors(fieldErrors(error));
      setFailure(describeError(error));
    }
  };
  const edit = (field: string, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors(({ [field]: _edited, ...others }) => others);
  };

  const [starting, start] = useAsyncAction(
    attempt(async () => {
      setSetup(await api.post<TwoFactorSetup>(API_PATHS.twoFactorSetup, {}));
    }),
  );
  const [enabling, enable] = useAsyncAction(
    attempt(async () => {
      const result = await api.post<{ recoveryCodes: string[] }>(API_PATHS.twoFactorEnable, { code });
      setRecoveryCodes(result.recoveryCodes);
      setSetup(null);
      setCode('');
      await refresh();
      flash.success('Dvoufázové přihlášení je zapnuté.');
    }),
  );
  const [disabling, disable] = useAsyncAction(
    attempt(async () => {
      await api.post(API_PATHS.twoFactorDisable, { password });
      setPassword('');
      setRecoveryCodes(null);
      await refresh();
      flash.success('Dvoufázové přihlášení je vypnuté.');
    }),
  );

  return (
    <Stack gap="md">
      <Group gap="sm">
        <IconShieldCheck aria-hidden />
        <Badge color={user.twoFactor ? ON_COLOR : OFF_COLOR} variant="filled">
          {user.twoFactor ? 'Zapnuto' : 'Vypnuto'}
        </Badge>
      </Group>
      {user.twoFactorSetupRequired && (
        <Alert color="orange" variant="light" title="Dvoufázové přihlášení je pro vaši roli povinné">
          Hlavní správce ho vyžaduje; dokud ho nezapnete, ostatní části administrace zůstanou zamčené.
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {recoveryCodes && (
        <Alert color="green" variant="light" title="Záložní kódy – uložte si je teď, znovu se nezobrazí">
          <Text size="sm" mb="xs">
            Každý kód platí jednou, když nemáte telefon s aplikací po ruce.
          </Text>
          <List size="sm" aria-label="Záložní kódy">
            {recoveryCodes.map((recovery) => (
              <List.Item key={recovery}>
                <Code>{recovery}</Code>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {user.twoFactor ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void disable();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">Při přihlášení zadáváte i kód z ověřovací aplikace.</Text>
            <PasswordField
              label="Současné heslo pro vypnutí"
              autoComplete="current-password"
              value={password}
              error={errors.password}
              onChange={(event) => edit('password', setPassword)(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <BusyButton type="submit" variant="default" busy={disabling}>
                Vypnout dvoufázové přihlášení
              </BusyButton>
            </Group>
          </Stack>
        </form>
      ) : setup ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void enable();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              Naskenujte kód ověřovací aplikací (Google Authenticator, Microsoft Authenticator, Aegis…), nebo
              do ní opište klíč. Pak zadejte kód, který aplikace ukáže.
            </Text>
            <Image
              src={setup.qrCode}
              alt="QR kód pro ověřovací aplikaci"
              w={200}
              h={200}
              bg="white"
              radius="sm"
            />
            <Text size="sm">
              Klíč: <Code>{setup.secret}</Code>
            </Text>
            <TextInput
              label="Kód z aplikace"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              value={code}
              error={errors.code}
              onChange={(event) => edit('code', setCode)(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <BusyButton type="submit" busy={enabling}>
                Zapnout
              </BusyButton>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            Kromě hesla budete při přihlášení zadávat kód z aplikace v telefonu. Účet tak neotevře nikdo, kdo
            zná jen heslo.
          </Text>
          <Group justify="flex-end">
            <BusyButton busy={starting} onClick={() => start()}>
              Zapnout dvoufázové přihlášení
            </BusyButton>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
