import { CURRENCIES, type Money, moneyAmountInput, parseMoneyAmount } from '@klubovna/shared';
import { type ComboboxItem, Group, type OptionsFilter, Select, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DROPDOWN_ON_OPEN } from '../../../ui/form/dropdown-on-open.ts';
import { foldText } from '../../../ui/format/fold-text.ts';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';

const DEFAULT_CURRENCY = 'CZK';
// The field shows the code, which fits its width; the list names each currency too, and is searched by both.
const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency.code, label: currency.code }));
const CURRENCY_NAMES = new Map<string, string>(CURRENCIES.map((currency) => [currency.code, currency.name]));
const currencyText = (code: string) => `${code} – ${CURRENCY_NAMES.get(code) ?? ''}`;
const filterCurrencies: OptionsFilter = ({ options, search }) => {
  const wanted = foldText(search.trim());
  return (options as ComboboxItem[]).filter((option) =>
    foldText(currencyText(option.value)).includes(wanted),
  );
};

/** The hundredths a text stands for: null when empty, an error while it is no amount yet. */
function readAmount(text: string): { amount: number | null } | { error: string } {
  if (text.trim() === '') return { amount: null };
  return parseMoneyAmount(text);
}

/**
 * The amount as typed, in crowns with a decimal comma (`1 200,50`), kept apart from the form value (in
 * haléře), so that a half-typed amount stays on screen while the form holds the last complete one.
 */
function useAmountText(amount: number | null, onAmount: (amount: number | null) => void) {
  const [text, setText] = useState(amount === null ? '' : moneyAmountInput(amount));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText((current) => {
      const read = readAmount(current);
      if (Number.isNaN(amount) || ('amount' in read && read.amount === amount)) return current;
      return amount === null ? '' : moneyAmountInput(amount);
    });
  }, [amount]);
  return {
    text,
    error,
    change: (typed: string) => {
      setText(typed);
      const read = readAmount(typed);
      setError('error' in read ? read.error : null);
      // What is no amount reaches the form as one it refuses (NaN), so the last complete one is not saved.
      const next = 'amount' in read ? read.amount : Number.NaN;
      if (!Object.is(next, amount)) onAmount(next);
    },
    /** Shows a complete amount the way it is read back: `1200,5` becomes `1 200,50`. */
    tidy: () => {
      const read = readAmount(text);
      if ('amount' in read && read.amount !== null) setText(moneyAmountInput(read.amount));
    },
  };
}

/** Amount in crowns with a decimal comma (sent in haléře) and ISO 4217 currency; an empty amount empties the whole value. */
function MoneyWidget(props: WidgetProps<Money | null>) {
  const { value, onChange } = props;
  // The currency may be picked before the amount is typed, so it is kept while the value is empty.
  const [chosen, setChosen] = useState(value?.currency ?? DEFAULT_CURRENCY);
  const currency = value?.currency ?? chosen;
  const amount = useAmountText(value?.amount ?? null, (next) =>
    onChange(next === null ? null : { amount: next, currency }),
  );
  const base = inputProps(props);
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        {...base}
        error={amount.error ?? base.error}
        inputMode="decimal"
        autoComplete="off"
        value={amount.text}
        onChange={(event) => amount.change(event.currentTarget.value)}
        onBlur={() => {
          amount.tidy();
          base.onBlur?.();
        }}
        styles={{ input: { textAlign: 'right' } }}
        style={{ flex: 1 }}
      />
      <Select
        label="Měna"
        aria-label={`${props.field.label} – měna`}
        data={CURRENCY_OPTIONS}
        searchable
        allowDeselect={false}
        disabled={base.disabled}
        value={currency}
        onChange={(code) => {
          if (!code) return;
          setChosen(code);
          if (value) onChange({ amount: value.amount, currency: code });
        }}
        w={96}
        filter={filterCurrencies}
        renderOption={({ option }) => currencyText(option.value)}
        comboboxProps={{ ...DROPDOWN_ON_OPEN, width: 280, position: 'bottom-end' }}
        nothingFoundMessage="Žádná měna neodpovídá"
      />
    </Group>
  );
}

export const moneyWidget = defineWidget(MoneyWidget);
