import { NumberInput } from '@mantine/core';
import { type CellProps, EMPTY_CELL, inputProps, type KindUi, type WidgetProps } from '../kind.types.ts';
import { formatNumber } from './number-format.ts';
import { useNumberText } from './use-number-text.ts';

/** Czech number input: decimal comma, thin-space thousands. */
export const CZECH_NUMBER_INPUT = { decimalSeparator: ',', thousandSeparator: ' ' } as const;

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

function NumberCell({ value }: CellProps) {
  return typeof value === 'number' ? formatNumber(value) : EMPTY_CELL;
}

export const numberKind: KindUi = {
  Widget: NumberWidget as KindUi['Widget'],
  Cell: NumberCell,
  numeric: true,
};
