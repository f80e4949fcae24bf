import { Loader, Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DROPDOWN_ON_OPEN } from '../../ui/form/dropdown-on-open.ts';
import { renderPickerOption } from '../kinds/relation/picker-option.tsx';
import { type SelectOption, useRelatedOptions } from '../kinds/relation/use-related-options.ts';

/**
 * Picks one record of `alias` by typing (the server searches Czech-insensitively), outside a form;
 * `field` (`camp-participant.member`) names the relation the pick fills, so only what it accepts is offered.
 */
export function RecordPicker({
  alias,
  field,
  label,
  value,
  onChange,
  maw = 360,
}: {
  alias: string;
  field?: string;
  label: string;
  value: SelectOption | null;
  onChange: (option: SelectOption | null) => void;
  maw?: number;
}) {
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => (value ? [value] : []), [value]);
  const found = useRelatedOptions(alias, search, chosen, field);
  return (
    <Select
      comboboxProps={DROPDOWN_ON_OPEN}
      label={label}
      maw={maw}
      w="100%"
      searchable
      clearable
      placeholder="Začněte psát a vyberte…"
      data={found.options}
      renderOption={renderPickerOption(found.options)}
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={found.loading ? 'Hledám…' : 'Nic neodpovídá'}
      rightSection={found.loading ? <Loader size="xs" /> : undefined}
      value={value?.value ?? null}
      onChange={(_next, option) => onChange(option ? { value: option.value, label: option.label } : null)}
    />
  );
}
