import type { FieldKind } from '@klubovna/shared';
import { booleanKind } from './boolean/boolean.tsx';
import { colorKind } from './color/color.tsx';
import { dateKind, dateTimeKind } from './date/date.tsx';
import { enumKind } from './enum/enum.tsx';
import { fileKind } from './file/file.tsx';
import type { KindUi } from './kind.types.ts';
import { longTextKind } from './long-text/long-text.tsx';
import { moneyKind } from './money/money.tsx';
import { multiEnumKind } from './multi-enum/multi-enum.tsx';
import { numberKind } from './number/number.tsx';
import { relationKind, relationManyKind } from './relation/relation.tsx';
import { richTextKind } from './rich-text/rich-text.tsx';
import { textKind } from './text/text.tsx';

/** The one input widget and one datagrid cell of every field kind the server may declare. */
export const FIELD_KIND_UI: Readonly<Record<FieldKind, KindUi>> = {
  text: textKind,
  email: textKind,
  phone: textKind,
  url: textKind,
  slug: textKind,
  longText: longTextKind,
  richText: richTextKind,
  integer: numberKind,
  decimal: numberKind,
  money: moneyKind,
  date: dateKind,
  dateTime: dateTimeKind,
  boolean: booleanKind,
  enum: enumKind,
  multiEnum: multiEnumKind,
  relation: relationKind,
  relationMany: relationManyKind,
  file: fileKind,
  image: fileKind,
  color: colorKind,
};
