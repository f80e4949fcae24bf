import type { FieldKind } from '@klubovna/shared';
import { booleanCell } from './boolean/boolean.cell.tsx';
import { colorCell } from './color/color.cell.tsx';
import { dateCell } from './date/date.cell.tsx';
import { enumCell } from './enum/enum.cell.tsx';
import { fileCell } from './file/file.cell.tsx';
import type { KindCell } from './kind.types.ts';
import { longTextCell } from './long-text/long-text.cell.tsx';
import { moneyCell } from './money/money.cell.tsx';
import { multiEnumCell } from './multi-enum/multi-enum.cell.tsx';
import { numberCell } from './number/number.cell.tsx';
import { relationCell } from './relation/relation.cell.tsx';
import { richTextCell } from './rich-text/rich-text.cell.tsx';
import { textCell } from './text/text.cell.tsx';

/**
 * The datagrid cell of every field kind the server may declare (also used to show a value read-only,
 * `display-value.tsx`). Keep cell modules free of input widgets: the list screen loads all of them.
 */
export const FIELD_KIND_CELLS: Readonly<Record<FieldKind, KindCell>> = {
  text: textCell,
  email: textCell,
  phone: textCell,
  url: textCell,
  slug: textCell,
  longText: longTextCell,
  richText: richTextCell,
  integer: numberCell,
  decimal: numberCell,
  money: moneyCell,
  date: dateCell,
  dateTime: dateCell,
  boolean: booleanCell,
  enum: enumCell,
  multiEnum: multiEnumCell,
  relation: relationCell,
  relationMany: relationCell,
  file: fileCell,
  image: fileCell,
  color: colorCell,
  // Typed as text; the server validates it and masks it for whom may not read it.
  birthNumber: textCell,
};
