import { ColorInput } from '@mantine/core';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';

/** A colour as `#1c7ed6` (a lazy chunk: the colour picker is large). */
function ColorWidget(props: WidgetProps<string | null>) {
  return (
    <ColorInput
      {...inputProps(props)}
      format="hex"
      eyeDropperButtonProps={{ 'aria-label': 'Vybrat barvu z obrazovky', title: 'Vybrat barvu z obrazovky' }}
      placeholder={props.field.placeholder ?? '#1C7ED6'}
      value={props.value ?? ''}
      onChange={(value) => props.onChange(value === '' ? null : value)}
    />
  );
}

export default defineWidget(ColorWidget);
