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

/** `22. 11. 2026 18:30` in Prague time. */
export { formatDateTime } from '../../../ui/format/date-format.ts';

/** Czech input `22. 11. 2026`, `22.11.2026` or ISO `2026-11-22` → `2026-11-22`; null when not a date. */
export function parseCzechDate(input: string): string | null {
  const text = input.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const czech = /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : czech
      ? [czech[3], czech[2], czech[1]]
      : [undefined, undefined, undefined];
  if (!year || !month || !day) return null;
  const date = dayjs(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`, 'YYYY-MM-DD', true);
  return date.isValid() ? date.format('YYYY-MM-DD') : null;
}
