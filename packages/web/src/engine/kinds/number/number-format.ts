/** Czech number input: decimal comma, thin-space thousands. */
export const CZECH_NUMBER_INPUT = { decimalSeparator: ',', thousandSeparator: ' ' } as const;

/** Czech number format: `1 234,5` (money is formatted by the shared `formatMoney`). */
const NUMBER = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 6 });

export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** A number input's text as a number: `null` when empty, `undefined` while it is not a number yet. */
export function parseNumberInput(value: string | number): number | null | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value.trim() === '') return null;
  const number = Number(value.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(number) ? number : undefined;
}
