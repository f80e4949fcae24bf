import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { personal } from '../people/index.ts';

/** Training categories by age: Přípravka, Žáci, Dorost, Dospělí… */
export const categoryEntity: EntityDeclaration = {
  alias: 'category',
  table: 'categories',
  labels: {
    singular: 'Kategorie',
    plural: 'Kategorie',
    count: { one: 'kategorie', few: 'kategorie', many: 'kategorií' },
    accusative: { one: 'kategorii', few: 'kategorie', many: 'kategorií' },
  },
  area: 'training',
  screens: {
    zone: 'training',
    list: '/admin/kategorie',
    titles: { create: 'Nová kategorie', edit: 'Úprava kategorie' },
  },
  rows: { read: () => undefined, write: personal(false) },
  fields: {
    name: { kind: 'text', label: 'Název', required: true, maxLength: 100, unique: true },
    ageFrom: { kind: 'integer', label: 'Věk od', min: 0, max: 120, span: 3, help: 'V letech, včetně.' },
    ageTo: { kind: 'integer', label: 'Věk do', min: 0, max: 120, span: 3, help: 'V letech, včetně.' },
    color: { kind: 'color', label: 'Barva', span: 3 },
    position: { kind: 'integer', label: 'Pořadí', min: 0, max: 10_000, defaultValue: 0, span: 3 },
    description: { kind: 'longText', label: 'Popis', maxLength: 2000, listed: false },
  },
  defaultSort: { field: 'position', direction: 'asc' },
  searchFields: ['name'],
  labelFields: ['name'],
  hooks: {
    beforeCreate: ({ data }) => checkAgeRange(data),
    beforeUpdate: ({ data }) => checkAgeRange(data),
  },
};

function checkAgeRange(data: Record<string, unknown>) {
  const { ageFrom, ageTo } = data;
  if (typeof ageFrom === 'number' && typeof ageTo === 'number' && ageFrom > ageTo)
    throw fieldError('ageTo', 'Věk do nesmí být menší než věk od.');
  return undefined;
}
