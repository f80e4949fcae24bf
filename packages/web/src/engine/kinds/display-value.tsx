import type { ColumnSchema, EntityRecord, FieldSchema, RecordLabels } from '@klubovna/shared';
import { FIELD_KIND_CELLS } from './cell-registry.ts';

/** A form field seen as a datagrid column, so forms and dialogs can show values with the cell renderers. */
export function fieldAsColumn(field: FieldSchema): ColumnSchema {
  return {
    key: field.name,
    label: field.label,
    kind: field.kind,
    sortable: false,
    filter: null,
    defaultVisible: true,
    // Not laid out in a list.
    width: 0,
    priority: 1,
    ...(field.options ? { options: field.options } : {}),
    ...(field.relationAlias ? { relationAlias: field.relationAlias } : {}),
  };
}

/** One value shown read-only, the way the datagrid shows it. */
export function DisplayValue({
  field,
  value,
  labels,
}: {
  field: FieldSchema;
  value: unknown;
  labels?: RecordLabels;
}) {
  const { Cell } = FIELD_KIND_CELLS[field.kind];
  const record = { id: 0, version: 0, [field.name]: value, _labels: labels } as EntityRecord;
  return <Cell column={fieldAsColumn(field)} value={value} record={record} />;
}
