import { Text, Textarea } from '@mantine/core';
import { type CellProps, defineKind, EMPTY_CELL, inputProps, type WidgetProps } from '../kind.types.ts';

function LongTextWidget(props: WidgetProps<string | null>) {
  return (
    <Textarea
      {...inputProps(props)}
      autosize
      minRows={3}
      maxRows={12}
      maxLength={props.field.constraints.maxLength}
      value={props.value ?? ''}
      onChange={(event) =>
        props.onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)
      }
    />
  );
}

function LongTextCell({ value }: CellProps) {
  if (typeof value !== 'string' || value === '') return EMPTY_CELL;
  return (
    <Text size="sm" lineClamp={2} maw={360}>
      {value}
    </Text>
  );
}

export const longTextKind = defineKind({ Widget: LongTextWidget, Cell: LongTextCell });
