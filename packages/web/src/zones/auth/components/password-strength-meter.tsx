import { Group, Progress, Text } from '@mantine/core';
import { PASSWORD_HINT, passwordStrength } from './password-strength.ts';

/** Strength bar and hint under a new-password field. */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const strength = passwordStrength(password);
  return (
    <div id={id}>
      <Progress
        value={password ? (strength.score + 1) * 20 : 0}
        color={strength.color}
        size="sm"
        aria-label="Síla hesla"
        transitionDuration={150}
      />
      <Group justify="space-between" mt={4} gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {PASSWORD_HINT}
        </Text>
        {password && (
          <Text size="xs" fw={600} c={strength.color} style={{ whiteSpace: 'nowrap' }} aria-live="polite">
            Síla: {strength.label.toLowerCase()}
          </Text>
        )}
      </Group>
    </div>
  );
}
