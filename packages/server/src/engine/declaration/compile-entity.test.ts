import { describe, expect, it } from 'vitest';
import { compileEntity } from './compile-entity.ts';
import type { EntityDeclaration, FieldDeclaration } from './entity.types.ts';

const person = (
  birthNumber: Partial<FieldDeclaration>,
  more: Partial<EntityDeclaration> = {},
): EntityDeclaration => ({
  alias: 'person',
  table: 'people',
  labels: { singular: 'Osoba', plural: 'Osoby' },
  area: 'members',
  screens: 'api-only',
  fields: {
    name: { kind: 'text', label: 'Jméno' },
    birthNumber: { kind: 'birthNumber', label: 'Rodné číslo', ...birthNumber },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  searchFields: ['name'],
  labelFields: ['name'],
  ...more,
});

describe('a sensitive field in a declaration', () => {
  it('is neither listed, sorted nor filtered unless the declaration says so', () => {
    const field = compileEntity(person({})).byName.get('birthNumber')!;
    expect(field).toMatchObject({ listed: false, sortable: false, filterable: false });
  });

  it('is refused when the declaration lists, sorts, filters or searches it', () => {
    expect(() => compileEntity(person({ listed: true }))).toThrow(/cannot be listed/);
    expect(() => compileEntity(person({ sortable: true }))).toThrow(/cannot be sortable/);
    expect(() => compileEntity(person({ filterable: true }))).toThrow(/cannot be filterable/);
    expect(() => compileEntity(person({}, { searchFields: ['name', 'birthNumber'] }))).toThrow(
      /cannot be searched/,
    );
  });
});
