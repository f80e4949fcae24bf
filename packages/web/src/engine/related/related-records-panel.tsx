import type { DatagridPage, DatagridSchema, EntityRecord } from '@klubovna/shared';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import useSWR from 'swr';
import { routerPath } from '../../ui/navigation/app-path.ts';
import { Link } from '../../ui/routing/router.tsx';
import { engineUrls, useDatagridSchema } from '../engine-api.ts';
import { FIELD_KIND_CELLS } from '../kinds/cell-registry.ts';
import { useRefetchOnVersion } from './use-refetch-on-version.ts';

/** Records shown at most; a record has a handful of these (guardians, consents). */
const LIMIT = 100;

export interface RelatedRecordsPanelProps {
  /** The entity whose records are listed (`guardian`). */
  alias: string;
  /** Its relation field naming the record the panel is under (`member`). */
  field: string;
  /** That record, as last saved (a change of it, such as an erasure, may change what points at it). */
  owner: EntityRecord;
  /** Heading (`Zákonní zástupci`). */
  title: string;
  /** The sentence shown when there are none. */
  empty: string;
  /** The add button's text (`Přidat zákonného zástupce`). */
  addLabel: string;
}

/**
 * The records of one entity that point at a record, under its form: the columns the entity's list
 * shows by default (less the pointing one), each record opening its own form, and a button to add one
 * with the pointing field filled in (`…/create?member=5`) where the person may create them.
 */
export function RelatedRecordsPanel({
  alias,
  field,
  owner,
  title,
  empty,
  addLabel,
}: RelatedRecordsPanelProps) {
  const headingId = useId();
  const ownerId = owner.id;
  const { data: schema } = useDatagridSchema(alias);
  const { data: page, mutate } = useSWR<DatagridPage>([
    engineUrls.datagridRows(alias),
    { [`filter[${field}]`]: String(ownerId), limit: LIMIT },
  ]);
  useRefetchOnVersion(owner.version, mutate);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id={headingId}>
            {title}
          </Title>
          {schema?.canCreate && schema.routes && (
            <Button
              component={Link}
              to={routerPath(`${schema.routes.create}?${field}=${ownerId}`)}
              variant="light"
              size="xs"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {addLabel}
            </Button>
          )}
        </Group>
        {!schema || !page ? (
          <Skeleton h={60} />
        ) : page.items.length === 0 ? (
          <Text c="dimmed">{empty}</Text>
        ) : (
          <RecordsTable schema={schema} page={page} field={field} caption={title} />
        )}
      </Stack>
    </Paper>
  );
}

function RecordsTable({
  schema,
  page,
  field,
  caption,
}: {
  schema: DatagridSchema;
  page: DatagridPage;
  field: string;
  caption: string;
}) {
  const columns = schema.columns.filter((column) => column.defaultVisible && column.key !== field);
  const edit = schema.routes && schema.rowActions.includes('edit') ? schema.routes.edit : undefined;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key}>{column.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.items.map((record) => (
            <Table.Tr key={record.id}>
              {columns.map((column, index) => {
                const { Cell } = FIELD_KIND_CELLS[column.kind];
                const cell = <Cell column={column} value={record[column.key]} record={record} />;
                return (
                  <Table.Td key={column.key}>
                    {index === 0 && edit ? (
                      <Anchor component={Link} to={routerPath(`${edit}?id=${record.id}`)}>
                        {cell}
                      </Anchor>
                    ) : (
                      cell
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
