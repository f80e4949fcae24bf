import { Progress, Stack, Text } from '@mantine/core';

/**
 * How far a file's upload has come (0–100), then that the server works on it: the bar of an import
 * and of a bank statement's settlement.
 */
export function UploadProgress({
  percent,
  label,
  working,
}: {
  percent: number;
  label: string;
  working: string;
}) {
  return (
    <Stack gap={4}>
      <Progress value={percent} animated={percent >= 100} striped={percent >= 100} aria-label={label} />
      <Text size="sm" role="status">
        {percent < 100 ? `Nahrávám soubor: ${percent} %` : working}
      </Text>
    </Stack>
  );
}
