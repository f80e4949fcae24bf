import { REMINDER_KINDS, REMINDER_SETTINGS, type ReminderKind, remindersOff } from '@klubovna/shared';
import { Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useUserConfig } from '../../../api/user-config.ts';
import { useFlash } from '../../../ui/flash/flash-provider.tsx';

interface ReminderSettings {
  off: ReminderKind[];
}
const ALL_ON: ReminderSettings = { off: [] };
const parse = (stored: unknown): ReminderSettings => ({ off: remindersOff(stored) });

/** A switch per kind of e-mail reminder: each is on until the person switches it off. */
export function ReminderSettingsPanel() {
  const flash = useFlash();
  const settings = useUserConfig<ReminderSettings>(REMINDER_SETTINGS, ALL_ON, parse);
  if (!settings.loaded)
    return <Skeleton height={80} role="status" aria-busy="true" aria-label="Načítání upozornění" />;
  const toggle = async (kind: ReminderKind, on: boolean) => {
    const off = settings.value.off.filter((value) => value !== kind);
    await settings.save({ off: on ? off : [...off, kind] });
    flash.show({ message: on ? 'Upozornění zapnuto.' : 'Upozornění vypnuto.' });
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Klubovna vám posílá tato upozornění e-mailem; každé můžete vypnout.
      </Text>
      {REMINDER_KINDS.map((kind) => (
        <Switch
          key={kind.value}
          label={kind.label}
          description={kind.description}
          checked={!settings.value.off.includes(kind.value)}
          onChange={(event) => void toggle(kind.value, event.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
}
