import { Select } from '@mantine/core';
import { DROPDOWN_ON_OPEN } from '../../../ui/form/dropdown-on-open.ts';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';

function EnumWidget(props: WidgetProps<string | null>) {
  const options = props.field.options ?? [];
  return (
    <Select
      comboboxProps={DROPDOWN_ON_OPEN}
      {...inputProps(props)}
      data={options}
      placeholder={props.field.placeholder ?? 'Vyberte…'}
      clearable={!props.field.required}
      searchable={options.length > 8}
      nothingFoundMessage="Nic neodpovídá"
      value={props.value}
      onChange={(value) => props.onChange(value)}
    />
  );
}

export const enumWidget = defineWidget(EnumWidget);
