import { CURRENCIES, type Money } from '@klubovna/shared';
import { type ComboboxItem, Group, NumberInput, type OptionsFilter, Select } from '@mantine/core';
import { useState } from 'react';
import { foldText } from '../../../ui/format/fold-text.ts';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';
import { CZECH_NUMBER_INPUT } from '../number/number-format.ts';
import { useNumberText } from '../number/use-number-text.ts';

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

/** Amount and ISO 4217 currency; an empty amount empties the whole value. */
function MoneyWidget(props: WidgetProps<Money | null>) {
  const { field, value, onChange } = props;
  // The currency may be picked before the amount is typed, so it is kept while the value is empty.
  const [chosen, setChosen] = useState(value?.currency ?? DEFAULT_CURRENCY);
  const currency = value?.currency ?? chosen;
  const { text, change } = useNumberText(value?.amount ?? null, (amount) =>
    onChange(amount === null ? null : { amount, currency }),
  );
  const base = inputProps(props);
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NumberInput
        {...base}
        {...CZECH_NUMBER_INPUT}
        decimalScale={2}
        min={field.constraints.min}
        max={field.constraints.max}
        value={text}
        onChange={change}
        style={{ flex: 1 }}
      />
      <Select
        label="Měna"
        aria-label={`${field.label} – měna`}
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
        comboboxProps={{ width: 280, position: 'bottom-end' }}
        nothingFoundMessage="Žádná měna neodpovídá"
      />
    </Group>
  );
}

export const moneyWidget = defineWidget(MoneyWidget);
