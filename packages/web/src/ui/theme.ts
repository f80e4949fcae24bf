import { createTheme } from '@mantine/core';

/** The layout breakpoints (phone, tablet, laptop, desktop, wide); they equal Mantine's own. */
export const BREAKPOINTS = { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '90em' } as const;

export const theme = createTheme({
  breakpoints: BREAKPOINTS,
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    CloseButton: { defaultProps: { 'aria-label': 'Zavřít' } },
    PasswordInput: {
      defaultProps: {
        visibilityToggleButtonProps: { 'aria-label': 'Zobrazit nebo skrýt heslo' },
      },
    },
  },
});
