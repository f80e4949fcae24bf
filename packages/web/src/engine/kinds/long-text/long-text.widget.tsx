import { GrowingTextarea } from '../../../ui/form/growing-textarea.tsx';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';

function LongTextWidget(props: WidgetProps<string | null>) {
  return (
    <GrowingTextarea
      {...inputProps(props)}
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
