import type { ImportError, ImportReport } from '@klubovna/shared';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { czechPlural } from '../../ui/format/plural.ts';

export const rows = (count: number) => `${count} ${czechPlural(count, ['řádek', 'řádky', 'řádků'])}`;
const errors = (count: number) => `${count} ${czechPlural(count, ['chyba', 'chyby', 'chyb'])}`;
/** A table with nothing to focus scrolls natively and takes the focus itself, so keys scroll it on a phone. */
const KEYBOARD_SCROLL = { type: 'native', tabIndex: 0, role: 'region' } as const;
/** Rows of a dry run listed one by one; the counts above cover the rest. */
const LISTED_ROWS = 200;
const ACTION_LABELS: Record<ImportReport['rows'][number]['action'], string> = {
  create: 'Vytvoří se',
  update: 'Změní se',
  error: 'Chyba',
};

/** What a dry run (or a refused import) found: counts, every error by row and column, and the rows. */
export function ReportView({ report }: { report: ImportReport }) {
  const failed = report.rows.filter((row) => row.action === 'error').length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="import-report">
      <Stack gap="sm">
        <Title order={2} size="h3" id="import-report">
          {report.dryRun ? 'Výsledek zkoušky' : 'Import se neprovedl'}
        </Title>
        <Text>
          Vytvoří se {report.created}, změní se {report.updated}
          {failed > 0 ? `, ${rows(failed)} s chybou (${errors(report.errors.length)}).` : '. Žádné chyby.'}
        </Text>
        {report.errors.length > 0 ? (
          <Table.ScrollContainer minWidth={480} {...KEYBOARD_SCROLL} aria-label="Chyby importu, posuvné">
            <Table striped aria-label="Chyby importu">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Řádek</Table.Th>
                  <Table.Th>Sloupec</Table.Th>
                  <Table.Th>Chyba</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.errors.map((error: ImportError) => (
                  <Table.Tr key={`${error.row}-${error.column}-${error.message}`}>
                    <Table.Td>{error.row}</Table.Td>
                    <Table.Td>{error.column ?? '—'}</Table.Td>
                    <Table.Td>{error.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          report.dryRun && <Text size="sm">Vše je v pořádku, můžete importovat.</Text>
        )}
        <Title order={3} size="h4">
          Řádky
        </Title>
        <Table.ScrollContainer minWidth={360} {...KEYBOARD_SCROLL} aria-label="Řádky importu, posuvné">
          <Table striped aria-label="Řádky importu">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Řádek</Table.Th>
                <Table.Th>Záznam</Table.Th>
                <Table.Th>Výsledek</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rows.slice(0, LISTED_ROWS).map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td>{row.label || '—'}</Table.Td>
                  <Table.Td>{ACTION_LABELS[row.action]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {report.rows.length > LISTED_ROWS && (
          <Text size="sm" c="dimmed">
            Zobrazeno prvních {LISTED_ROWS} z {rows(report.rows.length)}.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
