import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { defineWidget, inputProps, type WidgetProps } from '../kind.types.ts';

const RichTextField = lazy(() => import('./rich-text-editor.tsx'));

function RichTextWidget(props: WidgetProps<string | null>) {
  const base = inputProps(props);
  const labelId = useId();
  return (
    <Input.Wrapper
      label={base.label}
      labelProps={{ id: labelId }}
      description={base.description}
      required={base.required}
      error={base.error}
    >
      <Suspense fallback={<Skeleton h={220} mt={4} />}>
        <RichTextField
          value={props.value}
          onChange={props.onChange}
          onBlur={props.onBlur}
          disabled={base.disabled}
          labelId={labelId}
          uploadNamespace={props.field.uploadNamespace}
        />
      </Suspense>
    </Input.Wrapper>
  );
}

export const richTextWidget = defineWidget(RichTextWidget);
