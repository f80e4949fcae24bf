import type { FieldKind } from '@klubovna/shared';
import { TextInput } from '@mantine/core';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';

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

export const textWidget = defineWidget(TextWidget);
