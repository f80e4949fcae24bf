import dayjs from 'dayjs';
import 'dayjs/locale/cs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

// Czech names and formats wherever dayjs is used (Mantine's date inputs); Prague time is the shared
// time module's, not dayjs's.
dayjs.extend(customParseFormat);
dayjs.locale('cs');

export { dayjs };
