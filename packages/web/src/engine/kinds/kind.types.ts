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

/**
 * How a kind shows in a datagrid cell (and read-only elsewhere). A kind's cell and its form widget live
 * in separate modules (`<kind>.cell.tsx`, `<kind>.widget.tsx`) with a registry each, so a list never
 * loads the form's widgets (date pickers, the rich text editor, the dropzone…).
 */
export interface KindCell {
  Cell: ComponentType<CellProps>;
  /** Right-aligned in the datagrid (numbers, money). Default false. */
  numeric?: boolean;
}

/** The input widget of a kind as the form holds it: any value the server sent for that kind. */
export type KindWidget = ComponentType<WidgetProps<unknown>>;

/** Marks an empty cell so that it reads as "not filled", not as a missing render. */
export const EMPTY_CELL = '—';

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

/**
 * Declares a kind's widget. Each widget is typed with its own value shape; the form hands it the value
 * the server sent for that kind, so the registry may treat all widgets alike.
 */
export function defineWidget<V>(Widget: ComponentType<WidgetProps<V>>): KindWidget {
  return Widget as unknown as KindWidget;
}
