import { APP_TIME_ZONE } from '../../../ui/format/date-format.ts';
import { dayjs } from '../../../ui/format/dayjs-setup.ts';

/** How Mantine's date-time picker holds a value: wall-clock time in Prague. */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** An API date-time (ISO 8601 with offset) as the picker's Prague wall-clock string. */
export function toPickerDateTime(value: string | null): string | null {
  return value ? dayjs(value).tz(APP_TIME_ZONE).format(PICKER_FORMAT) : null;
}

/** The picker's Prague wall-clock string as an ISO 8601 date-time with the Prague offset. */
export function fromPickerDateTime(value: string | null): string | null {
  return value ? dayjs.tz(value, PICKER_FORMAT, APP_TIME_ZONE).format() : null;
}

export { parseCzechDate } from '@klubovna/shared/validation/czech-date';
/** `22. 11. 2026 18:30` in Prague time. */
export { formatDateTime } from '../../../ui/format/date-format.ts';
