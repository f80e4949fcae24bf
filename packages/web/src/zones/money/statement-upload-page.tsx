import { API_PATHS, type StatementImport } from '@klubovna/shared';
import { Alert, Anchor, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconFileDollar } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessageOrGeneric } from '../../api/error-message.ts';
import { postMultipart } from '../../api/upload.ts';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { UploadProgress } from '../../ui/busy/upload-progress.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { appPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';
import { StatementReport, statementCounts } from './statement-report.tsx';
import { unmatchedQueuePath } from './unmatched-queue.ts';

/** The statement as the API takes it: multipart `file`. */
function statementForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** Sends the statement; only a dry run unless `settle`. */
const sendStatement = (file: File, settle: boolean, onProgress?: (percent: number) => void) =>
  postMultipart<StatementImport>(API_PATHS.paymentStatements, statementForm(file), {
    params: settle ? {} : { dryRun: '1' },
    onProgress,
  });

/**
 * A bank statement's upload: the file (GPC or Fio's CSV) is tried first, showing what each incoming line
 * would settle; „Zaúčtovat“ then settles it and tells what happened, with the way to the unmatched lines.
 */
export function StatementUploadPage() {
  const flash = useFlash();
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState<StatementImport | null>(null);
  const [result, setResult] = useState<StatementImport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setDryRun(null);
    setResult(null);
    setFailure(null);
    if (!chosen) return;
    setProgress(0);
    try {
      setDryRun(await sendStatement(chosen, false, setProgress));
    } catch (error) {
      setFailure(errorMessageOrGeneric(error));
    } finally {
      setProgress(null);
    }
  };
  const settle = async () => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const done = await sendStatement(file, true, setProgress);
      setResult(done);
      setDryRun(null);
      setFile(null);
      flash.show({ message: `Výpis zaúčtován. ${statementCounts(done)}` });
    } catch (error) {
      setFailure(errorMessageOrGeneric(error));
    } finally {
      setProgress(null);
    }
  };
  const fresh = dryRun ? dryRun.matched + dryRun.unmatched : 0;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Nahrát výpis"
        back={{ label: 'Bankovní pohyby', to: appPath('bank-transaction.list') }}
      />
      <Text c="dimmed" maw={720}>
        Nahrajte výpis z banky ve formátu GPC (ABO; KB, ČSOB, Česká spořitelna, Fio, Raiffeisenbank) nebo CSV
        z Fio banky. Nejdřív uvidíte, co výpis zaplatí – nic se přitom neuloží. Příchozí platby se párují
        podle variabilního symbolu; co se nespáruje, přiřadíte ručně. Stejný výpis nahraný znovu nic nezmění.
      </Text>
      <FileInput
        label="Soubor výpisu (GPC nebo CSV z Fio)"
        accept=".gpc,.csv,text/csv"
        leftSection={<IconFileDollar size={18} />}
        value={file}
        onChange={(chosen) => void choose(chosen)}
        error={failure}
        clearable
        maw={480}
      />
      {progress !== null && (
        <UploadProgress
          percent={progress}
          label="Průběh nahrávání výpisu"
          working={dryRun ? 'Zaúčtovávám pohyby…' : 'Čtu výpis…'}
        />
      )}
      {dryRun && (
        <>
          <StatementReport result={dryRun} />
          <Group>
            <BusyButton onClick={settle} disabled={fresh === 0}>
              Zaúčtovat
            </BusyButton>
            {fresh === 0 && <Text size="sm">Výpis nepřináší nic nového k zaúčtování.</Text>}
          </Group>
        </>
      )}
      {result && (
        <Alert color="green" title="Výpis zaúčtován" role="status">
          <Stack gap={4}>
            <Text size="sm">{statementCounts(result)}</Text>
            {result.unmatched > 0 && (
              <Anchor component={Link} to={unmatchedQueuePath()} c="inherit" underline="always">
                Přiřadit nespárované pohyby
              </Anchor>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
