import type { EntityRecord, FieldSchema, FormSchema, RecordLabels } from '@klubovna/shared';
import useSWR from 'swr';
import { api } from '../../api/api.ts';
import { engineUrls } from '../engine-api.ts';
import { recordLabel } from '../labels.ts';
import type { FormValues } from './form-values.ts';

/** What a new record's form starts with besides the declared defaults. */
export interface Prefill {
  values: FormValues;
  /** Labels of the related records the values name (as a stored record's `_labels`). */
  labels: RecordLabels;
}

const NUMERIC_KINDS = new Set<FieldSchema['kind']>(['relation', 'integer', 'decimal']);

/** A field's value as the address gives it (`?member=5`, `?kind=PUBLIC_PHOTOS`); undefined: none usable. */
function addressValue(field: FieldSchema, text: string): unknown {
  if (NUMERIC_KINDS.has(field.kind)) {
    const parsed = Number(text);
    return text.trim() !== '' && Number.isFinite(parsed) ? parsed : undefined;
  }
  if (field.kind === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  if (field.kind === 'enum') return field.options?.some((option) => option.value === text) ? text : undefined;
  if (['text', 'email', 'phone', 'longText'].includes(field.kind)) return text;
  return undefined;
}

/** The values the address of a create screen gives the form's writable fields. */
export function addressValues(schema: FormSchema, params: URLSearchParams): FormValues {
  const values: FormValues = {};
  for (const field of schema.fields) {
    const text = params.get(field.name);
    if (field.readOnly || text === null) continue;
    const value = addressValue(field, text);
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

/** The label of the record `id` of `alias`, as its own form would name it; null when it cannot be read. */
async function relatedLabel(alias: string, id: number): Promise<string | null> {
  try {
    const [schema, record] = await Promise.all([
      api.get<FormSchema>(engineUrls.formSchema(alias)),
      api.get<EntityRecord>(engineUrls.form(alias, id)),
    ]);
    return recordLabel(schema, record);
  } catch {
    return null;
  }
}

async function prefillOf(schema: FormSchema, values: FormValues): Promise<Prefill> {
  const related = schema.fields.filter((field) => field.kind === 'relation' && field.name in values);
  const labels: RecordLabels = {};
  const kept = { ...values };
  await Promise.all(
    related.map(async (field) => {
      const label = await relatedLabel(field.relationAlias!, values[field.name] as number);
      // A record the person cannot read is not offered as chosen.
      if (label === null) delete kept[field.name];
      else labels[field.name] = label;
    }),
  );
  return { values: kept, labels };
}

/**
 * A create screen's values from its address (`/admin/souhlasy/create?member=5`, from a member's panel),
 * with the related records' labels; `ready` once they are in. Nothing on an edit screen.
 */
export function useAddressPrefill(
  schema: FormSchema | undefined,
  params: URLSearchParams,
  creating: boolean,
): { prefill: Prefill | undefined; ready: boolean } {
  const values = schema && creating ? addressValues(schema, params) : {};
  const wanted = schema && Object.keys(values).length > 0;
  const { data, error } = useSWR(
    wanted ? ['form-prefill', schema.alias, JSON.stringify(values)] : null,
    () => prefillOf(schema!, values),
    { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false },
  );
  if (!wanted) return { prefill: undefined, ready: true };
  return { prefill: data, ready: data !== undefined || error !== undefined };
}
