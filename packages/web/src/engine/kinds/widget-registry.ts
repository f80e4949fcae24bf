import type { FieldKind } from '@klubovna/shared';
import { booleanWidget } from './boolean/boolean.widget.tsx';
import { dateWidget } from './date/date.widget.tsx';
import { enumWidget } from './enum/enum.widget.tsx';
import { fileWidget } from './file/file.widget.tsx';
import type { KindWidget } from './kind.types.ts';
import { LazyColorWidget, LazyDateTimeWidget } from './lazy-widgets.tsx';
import { longTextWidget } from './long-text/long-text.widget.tsx';
import { moneyWidget } from './money/money.widget.tsx';
import { multiEnumWidget } from './multi-enum/multi-enum.widget.tsx';
import { numberWidget } from './number/number.widget.tsx';
import { relationManyWidget, relationWidget } from './relation/relation.widget.tsx';
import { richTextWidget } from './rich-text/rich-text.widget.tsx';
import { textWidget } from './text/text.widget.tsx';

/**
 * The form's input widget of every field kind the server may declare. Only forms import this registry;
 * lists show values through `cell-registry.ts` and never load these widgets' code. The rare kinds with
 * large pickers are chunks of their own, loaded by the forms that show them.
 */
export const FIELD_KIND_WIDGETS: Readonly<Record<FieldKind, KindWidget>> = {
  text: textWidget,
  email: textWidget,
  phone: textWidget,
  url: textWidget,
  slug: textWidget,
  longText: longTextWidget,
  richText: richTextWidget,
  integer: numberWidget,
  decimal: numberWidget,
  money: moneyWidget,
  date: dateWidget,
  dateTime: LazyDateTimeWidget,
  boolean: booleanWidget,
  enum: enumWidget,
  multiEnum: multiEnumWidget,
  relation: relationWidget,
  relationMany: relationManyWidget,
  file: fileWidget,
  image: fileWidget,
  color: LazyColorWidget,
  // Typed as text; the server validates it and masks it for whom may not read it.
  birthNumber: textWidget,
};
