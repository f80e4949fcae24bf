import { Input, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { type CellProps, defineKind, EMPTY_CELL, inputProps, type WidgetProps } from '../kind.types.ts';

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

/** The text of stored HTML, for a one-line preview (never rendered as HTML in the grid). */
export function htmlToText(html: string): string {
  return (
    new DOMParser().parseFromString(html, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? ''
  );
}

function RichTextCell({ value }: CellProps) {
  if (typeof value !== 'string' || value === '') return EMPTY_CELL;
  return (
    <Text size="sm" lineClamp={2} maw={360}>
      {htmlToText(value)}
    </Text>
  );
}

export const richTextKind = defineKind({ Widget: RichTextWidget, Cell: RichTextCell });
