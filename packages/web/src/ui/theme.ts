import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/** The layout breakpoints (phone, tablet, laptop, desktop, wide); they equal Mantine's own. */
export const BREAKPOINTS = { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '90em' } as const;

const CZECH_DAY = new Intl.DateTimeFormat('cs-CZ', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Calendars of every date field: Czech names for their controls and days (`26. října 2026`, not
 * Mantine's English or nominative `26 říjen 2026`), and no pale days of the neighbouring months; the
 * month and year switches are named by the month and year they show.
 */
const CALENDAR_DEFAULTS = {
  ariaLabels: {
    previousMonth: 'Předchozí měsíc',
    nextMonth: 'Další měsíc',
    previousYear: 'Předchozí rok',
    nextYear: 'Další rok',
    previousDecade: 'Předchozí desetiletí',
    nextDecade: 'Další desetiletí',
  },
  hideOutsideDates: true,
  // Mantine paints weekends in a red that is too pale to read (3.3:1).
  weekendDays: [],
  getDayAriaLabel: (date: string) => CZECH_DAY.format(new Date(`${date.slice(0, 10)}T12:00:00`)),
};

export const theme = createTheme({
  breakpoints: BREAKPOINTS,
  primaryColor: 'blue',
  // Shade 8 carries white text at 5:1 in both schemes (shades 5 and 7 stay under 4.5:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    CloseButton: { defaultProps: { 'aria-label': 'Zavřít' } },
    Calendar: { defaultProps: CALENDAR_DEFAULTS },
    DateInput: { defaultProps: CALENDAR_DEFAULTS },
    DatePickerInput: { defaultProps: CALENDAR_DEFAULTS },
    DateTimePicker: { defaultProps: CALENDAR_DEFAULTS },
    PasswordInput: {
      defaultProps: {
        visibilityToggleButtonProps: { 'aria-label': 'Zobrazit nebo skrýt heslo' },
      },
    },
  },
});

/**
 * Text colours with at least 4.5:1 contrast on the page and card backgrounds of each scheme (Mantine's
 * own dimmed and placeholder grey, link blue and error red fall short: 3.3:1, 4.2:1 and 3.3:1 in the light scheme,
 * 4.0:1 and 3.4:1 for dimmed and error text in the dark one).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#687078',
    '--mantine-color-placeholder': '#687078',
    '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': '#a3a3a3',
    '--mantine-color-placeholder': '#a3a3a3',
    '--mantine-color-anchor': 'var(--mantine-color-blue-4)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
