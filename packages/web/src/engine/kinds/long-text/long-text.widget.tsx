import { Textarea } from '@mantine/core';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';

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

export const longTextWidget = defineWidget(LongTextWidget);
