export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const SORT_DIRECTION_LABELS: Record<SortDirection, string> = { asc: 'Vzestupně', desc: 'Sestupně' };
