import {
  API_PATHS,
  apiPath,
  type EntityMeta,
  type ImportOptions,
  type ImportPreview,
  type ImportReport,
} from '@klubovna/shared';
import { Alert, Anchor, FileInput, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import useSWR from 'swr';
import { errorMessageOrGeneric } from '../../api/error-message.ts';
import { postMultipart } from '../../api/upload.ts';
import { useUserConfig } from '../../api/user-config.ts';
import { PageHeader } from '../../engine/pages/page-header.tsx';
import { BusyButton } from '../../ui/busy/busy-button.tsx';
import { UploadProgress } from '../../ui/busy/upload-progress.tsx';
import { useFlash } from '../../ui/flash/flash-provider.tsx';
import { routerPath } from '../../ui/navigation/app-path.ts';
import { Link, useSearchParams } from '../../ui/routing/router.tsx';
import { ReportView, rows } from './import-report.tsx';
import { formOf, refusedReport } from './import-requests.ts';

type Mapping = Record<string, string | null>;

const NOT_MAPPED = '';

/** The stored column → field choices of this user for one entity (`import.<alias>`). */
const parseMapping = (stored: unknown): Mapping | undefined =>
  stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Mapping) : undefined;

/**
 * Import into any entity from CSV or XLSX: upload, columns mapped to fields (guessed from their Czech
 * labels, remembered per user), a dry run showing every error by row and column, then the import in one
 * transaction, all rows or none, with a progress bar and the result.
 */
export function ImportPage() {
  const [search] = useSearchParams();
  const alias = search.get('entity') ?? '';
  const { data: tables } = useSWR<EntityMeta[]>(API_PATHS.tables);
  const meta = tables?.find((table) => table.alias === alias);
  const remembered = useUserConfig<Mapping>(`import.${alias}`, {}, parseMapping);
  const flash = useFlash();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [matchBy, setMatchBy] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);

  if (tables && !meta?.canWrite)
    return (
      <Stack gap="lg">
        <PageHeader title="Import" />
        <Alert color="red" title="Nelze importovat">
          Do tohoto typu záznamů importovat nemůžete.
        </Alert>
      </Stack>
    );

  const options: ImportOptions = { mapping, matchBy };
  const reset = () => {
    setReport(null);
    setResult(null);
    setFailure(null);
  };
  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    reset();
    if (!chosen) return;
    try {
      const read = await postMultipart<ImportPreview>(
        apiPath(API_PATHS.importPreview, { alias }),
        formOf(chosen),
      );
      const initial: Mapping = {};
      const known = new Set(read.fields.map((field) => field.name));
      // A file chosen right after the page opened may come before the remembered choices.
      const mappingBefore = await remembered.read();
      for (const { header } of read.columns) {
        const stored = mappingBefore[header];
        initial[header] =
          stored !== undefined && (stored === null || known.has(stored))
            ? stored
            : (read.guessed[header] ?? null);
      }
      setMapping(initial);
      setMatchBy(null);
      setPreview(read);
    } catch (error) {
      setFailure(errorMessageOrGeneric(error));
    }
  };
  const map = (header: string, field: string | null) => {
    const next = { ...mapping, [header]: field || null };
    setMapping(next);
    if (matchBy && !Object.values(next).includes(matchBy)) setMatchBy(null);
    reset();
  };
  const dryRun = async () => {
    if (!file) return;
    reset();
    try {
      await remembered.save(mapping);
      setReport(
        await postMultipart<ImportReport>(apiPath(API_PATHS.importDryRun, { alias }), formOf(file, options)),
      );
    } catch (error) {
      setFailure(errorMessageOrGeneric(error));
    }
  };
  const run = async () => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const done = await postMultipart<ImportReport>(
        apiPath(API_PATHS.importRun, { alias }),
        formOf(file, options),
        {
          onProgress: setProgress,
        },
      );
      setResult(done);
      setReport(null);
      flash.show({ message: `Importováno: vytvořeno ${done.created}, změněno ${done.updated}.` });
    } catch (error) {
      const refused = refusedReport(error);
      if (refused) setReport(refused);
      setFailure(errorMessageOrGeneric(error));
    } finally {
      setProgress(null);
    }
  };

  const fieldOptions = [
    { value: NOT_MAPPED, label: '— nepřiřazovat —' },
    ...(preview?.fields ?? []).map((field) => ({
      value: field.name,
      label: field.required ? `${field.label} (povinné)` : field.label,
    })),
  ];
  const mappedUnique = (preview?.fields ?? []).filter(
    (field) => field.unique && Object.values(mapping).includes(field.name),
  );
  const missingRequired = (preview?.fields ?? []).filter(
    (field) => field.required && !Object.values(mapping).includes(field.name),
  );
  const title = meta ? `Import: ${meta.labels.plural}` : 'Import';

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        back={meta?.routes ? { label: meta.labels.plural, to: routerPath(meta.routes.list) } : undefined}
      />
      <Text c="dimmed" maw={720}>
        Nahrajte tabulku CSV (UTF-8 i Windows-1250, oddělenou středníkem nebo čárkou, jak ji ukládá Excel)
        nebo XLSX. První řádek musí obsahovat názvy sloupců. Nejdřív proběhne zkouška, která nic neuloží;
        import pak uloží všechny řádky, nebo žádný.
      </Text>
      <FileInput
        label="Soubor CSV nebo XLSX"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        leftSection={<IconFileSpreadsheet size={18} />}
        value={file}
        onChange={(chosen) => void choose(chosen)}
        clearable
        maw={480}
      />
      {failure && (
        <Alert color="red" title="Nepovedlo se" role="alert">
          {failure}
        </Alert>
      )}
      {preview && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="import-columns">
          <Stack gap="md">
            <Title order={2} size="h3" id="import-columns">
              Sloupce a pole
            </Title>
            <Text size="sm">
              {preview.format}, {rows(preview.rowCount)} s daty. Přiřazení si pamatujeme pro příští import.
            </Text>
            <Table.ScrollContainer minWidth={520}>
              <Table aria-label="Přiřazení sloupců k polím">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Sloupec v souboru</Table.Th>
                    <Table.Th>Ukázka hodnot</Table.Th>
                    <Table.Th>Pole</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.columns.map((column) => (
                    <Table.Tr key={column.header}>
                      <Table.Td>{column.header || '(bez názvu)'}</Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {column.samples.join(', ')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={`Pole pro sloupec ${column.header}`}
                          data={fieldOptions}
                          value={mapping[column.header] ?? NOT_MAPPED}
                          onChange={(value) => map(column.header, value)}
                          allowDeselect={false}
                          size="sm"
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Select
              label="Existující záznamy hledat podle"
              description="Řádek se stejnou hodnotou tohoto pole záznam změní, ostatní se vytvoří."
              data={[
                { value: NOT_MAPPED, label: 'Nehledat, vždy vytvořit nové' },
                ...mappedUnique.map((field) => ({ value: field.name, label: field.label })),
              ]}
              value={matchBy ?? NOT_MAPPED}
              onChange={(value) => {
                setMatchBy(value || null);
                reset();
              }}
              allowDeselect={false}
              maw={420}
            />
            {missingRequired.length > 0 && (
              <Alert color="yellow" title="Chybí povinná pole">
                Žádný sloupec nevyplní: {missingRequired.map((field) => field.label).join(', ')}.
              </Alert>
            )}
            <Group>
              <BusyButton variant="default" onClick={dryRun}>
                Vyzkoušet import
              </BusyButton>
              <BusyButton onClick={run} disabled={!report || report.errors.length > 0 || !report.dryRun}>
                Importovat
              </BusyButton>
            </Group>
            {progress !== null && (
              <UploadProgress percent={progress} label="Průběh importu" working="Ukládám záznamy…" />
            )}
          </Stack>
        </Paper>
      )}
      {report && <ReportView report={report} />}
      {result && (
        <Alert color="green" title="Import dokončen">
          Vytvořeno {result.created}, změněno {result.updated}.{' '}
          {meta?.routes && (
            <Anchor component={Link} to={routerPath(meta.routes.list)} c="inherit" underline="always">
              Zpět na seznam
            </Anchor>
          )}
        </Alert>
      )}
    </Stack>
  );
}

/** What a dry run found: how many rows would be created or changed, and every error by row and column. */
