import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';
import { CzechDateInput } from './czech-date-input.tsx';

/** A date field of a form; stored as `2026-11-22`. */
function DateWidget(props: WidgetProps<string | null>) {
  return (
    <CzechDateInput
      {...inputProps(props)}
      placeholder={props.field.placeholder ?? 'd. m. rrrr'}
      clearable={!props.field.required}
      value={props.value}
      onChange={props.onChange}
    />
  );
}

export const dateWidget = defineWidget(DateWidget);
