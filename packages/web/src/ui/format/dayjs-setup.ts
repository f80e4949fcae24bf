import dayjs from 'dayjs';
import 'dayjs/locale/cs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { APP_TIME_ZONE } from './date-format.ts';

// Czech names and formats, and Prague time, wherever dayjs is used (Mantine dates included).
dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('cs');
dayjs.tz.setDefault(APP_TIME_ZONE);

/** `22. 11. 2026` in Prague time. */
export const DATE_FORMAT = 'D. M. YYYY';

export function formatDayjsDate(value: dayjs.ConfigType): string {
  return dayjs(value).tz(APP_TIME_ZONE).format(DATE_FORMAT);
}

export { dayjs };
