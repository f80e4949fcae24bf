import { formatMoney, type SettledStatementLine, type StatementImport } from '@klubovna/shared';
import { czechDate } from '@klubovna/shared/time/prague';
import { Alert, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { czechPlural } from '../../ui/format/plural.ts';

/** A table with nothing to focus scrolls natively and takes the focus itself, so keys scroll it on a phone. */
const KEYBOARD_SCROLL = { type: 'native', tabIndex: 0, role: 'region' } as const;
/** Lines listed one by one; the counts above cover the rest. */
const LISTED_LINES = 200;

export const movements = (count: number) => `${count} ${czechPlural(count, ['pohyb', 'pohyby', 'pohybů'])}`;

const RESULT_LABELS: Record<SettledStatementLine['result'], string> = {
  matched: 'Spáruje se',
  unmatched: 'Nespárovaný',
  imported: 'Už zaúčtovaný',
};

/** What a line settles: the payment's member, title and variable symbol, or why nothing. */
function settles(line: SettledStatementLine): string {
  if (line.payment)
    return `${line.payment.member} – ${line.payment.title} (VS ${line.payment.variableSymbol})`;
  return line.result === 'imported' ? 'beze změny' : 'čeká na ruční přiřazení';
}

/** The counts of a statement's settlement in one line. */
export function statementCounts(result: StatementImport): string {
  const [matched, unmatched] = result.dryRun
    ? ['Spáruje se', 'Zůstane nespárováno']
    : ['Spárováno', 'Nespárováno'];
  return `${matched}: ${result.matched} · ${unmatched}: ${result.unmatched} · Zaúčtováno už dříve: ${result.imported}`;
}

/** A statement's dry run: what each incoming line would settle, and what could not be read. */
export function StatementReport({ result }: { result: StatementImport }) {
  const lines = result.lines.slice(0, LISTED_LINES);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="statement-report">
      <Stack gap="sm">
        <Title order={2} size="h3" id="statement-report">
          Co výpis zaúčtuje
        </Title>
        <Text>
          {result.format === 'gpc' ? 'Výpis GPC' : 'CSV z Fio banky'}
          {result.account ? ` účtu ${result.account}` : ''}, příchozích: {movements(result.lines.length)}.
        </Text>
        <Text fw={500}>{statementCounts(result)}</Text>
        {result.problems.length > 0 && (
          <Alert color="yellow" title="Některé řádky nešlo přečíst">
            <List size="sm">
              {result.problems.map((problem) => (
                <List.Item key={`${problem.line}-${problem.message}`}>
                  {problem.line > 0 ? `Řádek ${problem.line}: ` : ''}
                  {problem.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Table.ScrollContainer minWidth={640} {...KEYBOARD_SCROLL} aria-label="Pohyby výpisu, posuvné">
          <Table striped aria-label="Pohyby výpisu">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Datum</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Částka</Table.Th>
                <Table.Th>VS</Table.Th>
                <Table.Th>Plátce</Table.Th>
                <Table.Th>Výsledek</Table.Th>
                <Table.Th>Platba</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.transactionId}>
                  <Table.Td>{czechDate(line.date)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    {formatMoney(line.amount, line.currency)}
                  </Table.Td>
                  <Table.Td>{line.variableSymbol ?? '—'}</Table.Td>
                  <Table.Td>{line.counterName ?? '—'}</Table.Td>
                  <Table.Td>{RESULT_LABELS[line.result]}</Table.Td>
                  <Table.Td>{settles(line)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {result.lines.length > LISTED_LINES && (
          <Text size="sm" c="dimmed">
            Zobrazeno prvních {LISTED_LINES} z {movements(result.lines.length)}.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
