/**
 * Mantine's selects keep their dropdown (every option, in a hidden portal) rendered while closed;
 * a form with a few selects of long lists pays for hundreds of options at load. These props render
 * the options when the dropdown opens (the input points at the list only while it is open). Mounted
 * at load, the pop-over's position was also computed at once: a style recalculation of the whole page
 * inside the task that renders a list with a declared filter.
 */
export const DROPDOWN_ON_OPEN = { keepMounted: false } as const;
