import type { ColumnSchema, FilterValue } from '@klubovna/shared';

/** A short Czech description of an active filter, for its chip above the grid. */
export function describeFilter(
  column: ColumnSchema,
  filter: FilterValue,
  formatDate: (iso: string) => string,
): string {
  if (filter.type === 'boolean') return `${column.label}: ${filter.value ? 'ano' : 'ne'}`;
  if (filter.type === 'values') {
    const labels = filter.values.map(
      (item, index) =>
        column.options?.find((option) => option.value === item)?.label ?? filter.labels?.[index] ?? item,
    );
    return `${column.label}: ${labels.join(', ')}`;
  }
  const show = (bound: string | number | undefined) =>
    typeof bound === 'string' ? formatDate(bound) : String(bound).replace('.', ',');
  if (filter.from !== undefined && filter.to !== undefined)
    return `${column.label}: ${show(filter.from)} – ${show(filter.to)}`;
  if (filter.from !== undefined) return `${column.label}: od ${show(filter.from)}`;
  return `${column.label}: do ${show(filter.to)}`;
}
