import type { ValidationError } from '@klubovna/shared';
import type { CompiledEntity, CompiledField } from '../declaration/compile-entity.ts';
import type { Row, Values } from '../records/record-mapper.ts';
import { DuplicateValue, duplicateValueError } from '../records/record-validation.ts';
import type { DynamicDb } from '../records/records.repository.ts';
import { type Created, chunks } from './import-batch-write.ts';

/** Who holds a unique value: a stored record by id, or a row of the sheet that creates one. */
export type Holder = number | Created;

/** A value as a key of the maps below: what `column = value` compares. */
const keyOf = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

export const isPresent = (value: unknown) => value !== null && value !== undefined;

/**
 * Who holds each value of the entity's unique fields while an import's rows are checked together:
 * read from the table for the values the rows bring, then passed on as each row creates or changes a record.
 */
export class UniqueHolders {
  readonly fields: CompiledField[];
  private readonly db: DynamicDb;
  private readonly entity: CompiledEntity;
  private readonly byField: Map<CompiledField, Map<string, Holder>>;

  constructor(db: DynamicDb, entity: CompiledEntity) {
    this.db = db;
    this.entity = entity;
    this.fields = entity.fields.filter((field) => field.unique);
    this.byField = new Map(this.fields.map((field) => [field, new Map<string, Holder>()]));
  }

  /** Reads which stored records hold `values` of `field`, for the values not known yet. */
  async load(field: CompiledField, values: unknown[]): Promise<void> {
    const known = this.byField.get(field)!;
    const wanted = [...new Map(values.map((value) => [keyOf(value), value])).entries()]
      .filter(([key]) => !known.has(key))
      .map(([, value]) => value);
    for (const part of chunks(wanted)) {
      const found = await this.db
        .selectFrom(this.entity.declaration.table)
        .select(['id', field.column])
        .where(field.column, 'in', part)
        .execute();
      for (const row of found as Row[]) known.set(keyOf(row[field.column]), Number(row.id));
    }
  }

  holderOf(field: CompiledField, value: unknown): Holder | undefined {
    return this.byField.get(field)!.get(keyOf(value));
  }

  /** The id of the stored record holding `value` of `field`; undefined when a row of the sheet holds it. */
  storedHolderOf(field: CompiledField, value: unknown): number | undefined {
    const holder = this.holderOf(field, value);
    return typeof holder === 'number' ? holder : undefined;
  }

  /** The engine's uniqueness check of `values` against the records as the rows before left them. */
  assertFree(values: Values, self?: Holder): void {
    const errors: ValidationError[] = [];
    for (const field of this.fields) {
      const value = values[field.name];
      if (!isPresent(value)) continue;
      const holder = this.holderOf(field, value);
      if (holder !== undefined && holder !== self) errors.push(duplicateValueError(field));
    }
    if (errors.length > 0) throw new DuplicateValue(errors);
  }

  /** The rows after take `values` as held by `holder` from now on, and `previous` as given up. */
  take(values: Values, holder: Holder, previous?: Values): void {
    for (const field of this.fields) {
      if (!(field.name in values)) continue;
      const known = this.byField.get(field)!;
      const before = previous?.[field.name];
      if (isPresent(before) && known.get(keyOf(before)) === holder) known.delete(keyOf(before));
      const value = values[field.name];
      if (isPresent(value)) known.set(keyOf(value), holder);
    }
  }
}
