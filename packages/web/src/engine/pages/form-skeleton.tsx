import type { EntityRecord, FormSchema } from '@klubovna/shared';
import { Skeleton, Stack } from '@mantine/core';
import { routerPath } from '../../ui/navigation/app-path.ts';
import { recordName } from '../labels.ts';
import { PageHeader } from './page-header.tsx';

/** A form screen's heading: its title and, for a saved record, the record's name (`Úprava člena: Jan Novák`). */
export function formHeading(
  title: string,
  schema: Pick<FormSchema, 'nameFields' | 'labels'>,
  record: EntityRecord | undefined,
): string {
  return record ? `${title}: ${recordName(schema, record)}` : title;
}

/**
 * A form screen before its form shows: the heading as the form will have it (the record's name and the
 * way back, as soon as the schema and the record are in) over skeletons. It is the screen's largest
 * text, so it is shown while the form's code loads (form-frame.tsx) and while the form renders.
 */
export function FormSkeleton({
  title,
  schema,
  record,
}: {
  title: string;
  schema?: FormSchema | undefined;
  record?: EntityRecord | undefined;
}) {
  const back = schema?.routes
    ? { label: schema.labels.plural, to: routerPath(schema.routes.list) }
    : undefined;
  return (
    <Stack gap="lg" aria-busy="true">
      <PageHeader title={schema ? formHeading(title, schema, record) : title} back={back} />
      <Skeleton h={240} radius="md" />
      <Skeleton h={160} radius="md" />
    </Stack>
  );
}
