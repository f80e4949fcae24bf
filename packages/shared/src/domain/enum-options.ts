export interface EnumOption<T extends string> {
  value: T;
  label: string;
}

/** Select options from an enum's values and its Czech labels, in declaration order. */
export function enumOptions<T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
): EnumOption<T>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}
