/**
 * Mantine's selects keep their dropdown (every option, in a hidden portal) rendered while closed;
 * a form with a few selects of long lists pays for hundreds of options at load. These props render
 * the options when the dropdown opens (the input points at the list only while it is open).
 */
export const DROPDOWN_ON_OPEN = { keepMounted: false } as const;
