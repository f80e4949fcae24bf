import { type CSSVariablesResolver, createTheme, darken, luminance, type MantineTheme } from '@mantine/core';

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
 * 4.0:1 and 3.4:1 for dimmed and error text in the dark one). The build writes them into the app's
 * stylesheet (build/theme-css-variables.ts), not the page.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...readableLightVariants(resolved),
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

/** WCAG contrast of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `colour` darkened, a twentieth at a time, until it reads on `background` at 4.5:1 (with a little to spare). */
function readableOn(colour: string, background: string): string {
  let text = colour;
  for (let amount = 0.05; contrast(text, background) < 4.6 && amount < 1; amount += 0.05)
    text = darken(colour, amount);
  return text;
}

/**
 * Coloured text in the light scheme: `c="green"` writes shade 8 on the white page, the "light" variant
 * (alerts, light badges and buttons, the active navigation link) shade 9 on shade 1, and on shade 2
 * under the pointer. For most colours that stays under 4.5:1 on shade 2 (blue 4.0:1, yellow 2.5:1), so
 * their text is darkened until it reads on both.
 */
function readableLightVariants(resolved: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(resolved.colors)) {
    // Shade 2, the hover background, is the darker of the two the text stands on.
    const light = readableOn(shades[9], shades[2]);
    if (light !== shades[9]) variables[`--mantine-color-${name}-light-color`] = light;
    const text = readableOn(shades[8], '#ffffff');
    if (text !== shades[8]) variables[`--mantine-color-${name}-text`] = text;
  }
  return variables;
}
