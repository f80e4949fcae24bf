import type { ColumnSchema, EntityRecord, FieldSchema, RecordLabels } from '@klubovna/shared';
import type { ComponentType, ReactNode } from 'react';

/** What every input widget receives; the value is in the API's shape (null when empty). */
export interface WidgetProps<V = unknown> {
  field: FieldSchema;
  value: V;
  onChange: (value: V) => void;
  /** Marks the field as visited (validation on blur). */
  onBlur?: () => void;
  error?: ReactNode;
  disabled?: boolean;
  /** Labels of the record's related records, for relation widgets to show the current choice. */
  relationLabels?: RecordLabels;
}

/** What every datagrid cell renderer receives. */
export interface CellProps {
  column: ColumnSchema;
  value: unknown;
  record: EntityRecord;
}

/** The user interface of one field kind: its form widget and its datagrid cell. */
export interface KindUi {
  Widget: ComponentType<WidgetProps<unknown>>;
  Cell: ComponentType<CellProps>;
  /** Right-aligned in the datagrid (numbers, money). Default false. */
  numeric?: boolean;
}

/** Shared props of Mantine inputs built from a field schema. */
export function inputProps<V>(props: WidgetProps<V>) {
  const { field } = props;
  return {
    label: field.label,
    description: field.help,
    placeholder: field.placeholder,
    required: field.required,
    error: props.error,
    disabled: props.disabled || field.readOnly,
    name: field.name,
    onBlur: props.onBlur,
  };
}

/** Marks an empty cell so that it reads as "not filled", not as a missing render. */
export const EMPTY_CELL = '—';

/**
 * Declares a kind's UI. Each widget is typed with its own value shape; the form hands it the value
 * the server sent for that kind, so the registry may treat all widgets alike.
 */
export function defineKind<V>(kind: {
  Widget: ComponentType<WidgetProps<V>>;
  Cell: ComponentType<CellProps>;
  numeric?: boolean;
}): KindUi {
  return kind as unknown as KindUi;
}
