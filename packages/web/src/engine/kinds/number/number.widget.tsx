import { NumberInput } from '@mantine/core';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';
import { CZECH_NUMBER_INPUT } from './number-format.ts';
import { useNumberText } from './use-number-text.ts';

function NumberWidget(props: WidgetProps<number | null>) {
  const { field } = props;
  const { text, change } = useNumberText(props.value, props.onChange);
  return (
    <NumberInput
      {...inputProps(props)}
      {...CZECH_NUMBER_INPUT}
      allowDecimal={field.kind === 'decimal'}
      min={field.constraints.min}
      max={field.constraints.max}
      value={text}
      onChange={change}
    />
  );
}

export const numberWidget = defineWidget(NumberWidget);
