/** Czech plural forms: [1, 2–4, 0 and 5+], e.g. ['zpráva', 'zprávy', 'zpráv']. */
export function czechPlural(count: number, forms: readonly [string, string, string]): string {
  const abs = Math.abs(count);
  if (abs === 1) return forms[0];
  if (abs >= 2 && abs <= 4) return forms[1];
  return forms[2];
}
