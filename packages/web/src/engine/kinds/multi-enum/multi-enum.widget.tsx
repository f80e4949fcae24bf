import { MultiSelect } from '@mantine/core';
import { DROPDOWN_ON_OPEN } from '../../../ui/form/dropdown-on-open.ts';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';

function MultiEnumWidget(props: WidgetProps<string[] | null>) {
  const options = props.field.options ?? [];
  return (
    <MultiSelect
      comboboxProps={DROPDOWN_ON_OPEN}
      {...inputProps(props)}
      data={options}
      placeholder={props.value?.length ? undefined : (props.field.placeholder ?? 'Vyberte…')}
      clearable={!props.field.required}
      // Searchable keeps its input field visible and typable, however few the options.
      searchable
      nothingFoundMessage="Nic neodpovídá"
      value={props.value ?? []}
      onChange={(value) => props.onChange(value)}
    />
  );
}

export const multiEnumWidget = defineWidget(MultiEnumWidget);
