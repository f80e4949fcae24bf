import { DateTimePicker } from '@mantine/dates';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';
import { CzechDates } from './czech-date-input.tsx';
import { fromPickerDateTime, toPickerDateTime } from './date-values.ts';

/** Date and time in Prague; stored as an ISO 8601 instant (a lazy chunk: its time picker is large). */
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

export default defineWidget(DateTimeWidget);
