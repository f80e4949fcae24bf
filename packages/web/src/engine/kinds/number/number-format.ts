/** Czech number input: decimal comma, thin-space thousands. */
export const CZECH_NUMBER_INPUT = { decimalSeparator: ',', thousandSeparator: ' ' } as const;

/** Czech number formats: `1 234,5` and `1 500,00 Kč`. */
const NUMBER = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 6 });

export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('cs-CZ', { style: 'currency', currency }).format(amount);
  } catch {
    return `${NUMBER.format(amount)} ${currency}`;
  }
}

/** A number input's text as a number: `null` when empty, `undefined` while it is not a number yet. */
export function parseNumberInput(value: string | number): number | null | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value.trim() === '') return null;
  const number = Number(value.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(number) ? number : undefined;
}
