/** Select options from an enum's values and its Czech labels, in declaration order. */
export function enumOptions<T extends string>(values: readonly T[], labels: Record<T, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}
