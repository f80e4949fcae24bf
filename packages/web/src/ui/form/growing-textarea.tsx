import { Textarea, type TextareaProps } from '@mantine/core';

/** Whether the browser grows a textarea with its content by itself (CSS `field-sizing`). */
const SIZED_BY_BROWSER = typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content') === true;

export interface GrowingTextareaProps extends Omit<TextareaProps, 'autosize' | 'rows' | 'styles'> {
  minRows: number;
  maxRows?: number;
}

/** The height of `rows` lines of the input, with its padding and border. */
const rowsHeight = (rows: number) => `calc(${rows}lh + 2 * var(--input-padding-y, 0rem) + 2px)`;

/**
 * A textarea that grows with its text from `minRows` to `maxRows` lines. Where the browser can size it
 * by itself, it does (CSS); elsewhere Mantine's autosize measures it. That measurement reads the
 * page's computed styles while the form is first committed, which on a phone held the member form's
 * longest task for a fifth of its time.
 */
export function GrowingTextarea({ minRows, maxRows, ...props }: GrowingTextareaProps) {
  if (!SIZED_BY_BROWSER) return <Textarea {...props} autosize minRows={minRows} maxRows={maxRows} />;
  return (
    <Textarea
      {...props}
      rows={minRows}
      styles={{
        input: {
          fieldSizing: 'content',
          height: 'auto',
          minHeight: rowsHeight(minRows),
          ...(maxRows ? { maxHeight: rowsHeight(maxRows), overflowY: 'auto' } : {}),
        },
      }}
    />
  );
}
