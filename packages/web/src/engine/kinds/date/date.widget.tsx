import { DateTimePicker } from '@mantine/dates';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';
import { CzechDateInput, CzechDates } from './czech-date-input.tsx';
import { fromPickerDateTime, toPickerDateTime } from './date-values.ts';

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

/** Date and time in Prague; stored as an ISO 8601 instant. */
function DateTimeWidget(props: WidgetProps<string | null>) {
  return (
    <CzechDates>
      <DateTimePicker
        {...inputProps(props)}
        valueFormat="D. M. YYYY HH:mm"
        placeholder={props.field.placeholder ?? 'Vyberte datum a čas'}
        clearable={!props.field.required}
        submitButtonProps={{ 'aria-label': 'Potvrdit datum a čas' }}
        value={toPickerDateTime(props.value)}
        onChange={(value) => props.onChange(fromPickerDateTime(value ? String(value) : null))}
      />
    </CzechDates>
  );
}

export const dateWidget = defineWidget(DateWidget);
export const dateTimeWidget = defineWidget(DateTimeWidget);
