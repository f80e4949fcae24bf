import { DateInput, type DateInputProps, DateTimePicker } from '@mantine/dates';
import { formatDate } from '../../../ui/format/date-format.ts';
import { type CellProps, defineKind, EMPTY_CELL, inputProps, type WidgetProps } from '../kind.types.ts';
import { formatDateTime, fromPickerDateTime, parseCzechDate, toPickerDateTime } from './date-values.ts';

export interface CzechDateInputProps extends Omit<DateInputProps, 'value' | 'onChange'> {
  /** `2026-11-22`, or null when empty. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/** A date typed as `22. 11. 2026` or picked from a Czech calendar, whatever the browser's language. */
export function CzechDateInput({ value, onChange, ...others }: CzechDateInputProps) {
  return (
    <DateInput
      valueFormat="D. M. YYYY"
      placeholder="d. m. rrrr"
      dateParser={parseCzechDate}
      {...others}
      value={value}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
    />
  );
}

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

/** Date and time in Prague; stored as ISO 8601 with the offset. */
function DateTimeWidget(props: WidgetProps<string | null>) {
  return (
    <DateTimePicker
      {...inputProps(props)}
      valueFormat="D. M. YYYY HH:mm"
      placeholder={props.field.placeholder ?? 'Vyberte datum a čas'}
      clearable={!props.field.required}
      submitButtonProps={{ 'aria-label': 'Potvrdit datum a čas' }}
      value={toPickerDateTime(props.value)}
      onChange={(value) => props.onChange(fromPickerDateTime(value ? String(value) : null))}
    />
  );
}

function DateCell({ column, value }: CellProps) {
  if (typeof value !== 'string' || value === '') return EMPTY_CELL;
  // A plain date is a calendar day: read it in UTC so no time zone moves it.
  return column.kind === 'date' ? formatDate(`${value}T12:00:00Z`) : formatDateTime(value);
}

export const dateKind = defineKind({ Widget: DateWidget, Cell: DateCell });
export const dateTimeKind = defineKind({ Widget: DateTimeWidget, Cell: DateCell });
