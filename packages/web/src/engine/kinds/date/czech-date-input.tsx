import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps, DatesProvider, type DatesProviderSettings } from '@mantine/dates';
import type { ReactNode } from 'react';
import '../../../ui/format/dayjs-setup.ts';
import { parseCzechDate } from './date-values.ts';

/** Mantine dates in Czech, weeks from Monday (`dayjs-setup.ts` gives dayjs the Czech names). */
const DATES_SETTINGS: DatesProviderSettings = { locale: 'cs', firstDayOfWeek: 1, weekendDays: [0, 6] };

/**
 * Czech settings for the Mantine date inputs inside. Each date input brings it (and the date pickers'
 * styles) along, so no screen without a date input loads them.
 */
export function CzechDates({ children }: { children: ReactNode }) {
  return <DatesProvider settings={DATES_SETTINGS}>{children}</DatesProvider>;
}

export interface CzechDateInputProps extends Omit<DateInputProps, 'value' | 'onChange'> {
  /** `2026-11-22`, or null when empty. */
  value: string | null;
  onChange: (value: string | null) => void;
}

/** A date typed as `22. 11. 2026` or picked from a Czech calendar, whatever the browser's language. */
export function CzechDateInput({ value, onChange, ...others }: CzechDateInputProps) {
  return (
    <CzechDates>
      <DateInput
        valueFormat="D. M. YYYY"
        placeholder="d. m. rrrr"
        dateParser={parseCzechDate}
        {...others}
        value={value}
        onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
      />
    </CzechDates>
  );
}
