import { type ComboboxItem, type ComboboxLikeRenderOptionInput, Stack, Text } from '@mantine/core';
import type { SelectOption } from './use-related-options.ts';

/**
 * An option of a relation picker: its label, and under it what tells it apart from options of the
 * same label (two "Čermák Martin" differ by year of birth, type and group).
 */
export function renderPickerOption(options: readonly SelectOption[]) {
  const details = new Map(options.map((option) => [option.value, option.detail]));
  return ({ option }: ComboboxLikeRenderOptionInput<ComboboxItem>) => {
    const detail = details.get(option.value);
    if (!detail) return option.label;
    return (
      <Stack gap={0}>
        <Text size="sm">{option.label}</Text>
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      </Stack>
    );
  };
}
