import { Switch } from '@mantine/core';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';

function BooleanWidget(props: WidgetProps<boolean | null>) {
  const { label, description, error, disabled, name } = inputProps(props);
  return (
    <Switch
      label={label}
      description={description}
      error={error}
      disabled={disabled}
      name={name}
      mt={{ base: 0, sm: 'lg' }}
      checked={props.value === true}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
    />
  );
}

export const booleanWidget = defineWidget(BooleanWidget);
