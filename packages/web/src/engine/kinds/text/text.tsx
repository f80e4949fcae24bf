import type { FieldKind } from '@klubovna/shared';
import { Anchor, TextInput } from '@mantine/core';
import { type CellProps, defineKind, EMPTY_CELL, inputProps, type WidgetProps } from '../kind.types.ts';

const INPUT_TYPES: Partial<Record<FieldKind, string>> = { email: 'email', phone: 'tel', url: 'url' };
const AUTOCOMPLETE: Partial<Record<FieldKind, string>> = { email: 'email', phone: 'tel', url: 'url' };

/** One-line text: text, e-mail, phone, URL and slug. */
function TextWidget(props: WidgetProps<string | null>) {
  const { field } = props;
  return (
    <TextInput
      {...inputProps(props)}
      type={INPUT_TYPES[field.kind] ?? 'text'}
      autoComplete={AUTOCOMPLETE[field.kind] ?? 'off'}
      maxLength={field.constraints.maxLength}
      value={props.value ?? ''}
      onChange={(event) =>
        props.onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)
      }
    />
  );
}

function TextCell({ column, value }: CellProps) {
  if (typeof value !== 'string' || value === '') return EMPTY_CELL;
  // Links open mail, phone or the page; a click on them must not also open the row.
  const stop = (event: React.MouseEvent) => event.stopPropagation();
  if (column.kind === 'email')
    return (
      <Anchor href={`mailto:${value}`} size="sm" onClick={stop}>
        {value}
      </Anchor>
    );
  if (column.kind === 'phone')
    return (
      <Anchor href={`tel:${value.replace(/\s+/g, '')}`} size="sm" onClick={stop}>
        {value}
      </Anchor>
    );
  if (column.kind === 'url')
    return (
      <Anchor href={value} target="_blank" rel="noopener noreferrer" size="sm" onClick={stop}>
        {value.replace(/^https?:\/\//, '')}
      </Anchor>
    );
  return value;
}

export const textKind = defineKind({ Widget: TextWidget, Cell: TextCell });
