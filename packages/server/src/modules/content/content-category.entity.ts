import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { sluggedHooks } from './content.rules.ts';

/** A section of the public site's articles (`/kategorie/{slug}`), in the order of `position`. */
export const contentCategoryEntity: EntityDeclaration = {
  alias: 'content-category',
  table: 'content_categories',
  labels: {
    singular: 'Kategorie obsahu',
    plural: 'Kategorie obsahu',
    count: { one: 'kategorie', few: 'kategorie', many: 'kategorií' },
    accusative: { one: 'kategorii obsahu', few: 'kategorie obsahu', many: 'kategorií obsahu' },
  },
  area: 'content',
  screens: {
    zone: 'content',
    list: '/admin/obsah/kategorie',
    titles: { create: 'Nová kategorie obsahu', edit: 'Úprava kategorie obsahu' },
  },
  fields: {
    name: { kind: 'text', label: 'Název', required: true, maxLength: 100, unique: true },
    slug: {
      kind: 'slug',
      label: 'Adresa (slug)',
      maxLength: 100,
      unique: true,
      help: 'Prázdné: vytvoří se z názvu.',
    },
    description: { kind: 'longText', label: 'Popis', maxLength: 2000, listed: false },
    position: { kind: 'integer', label: 'Pořadí', min: 0, max: 10_000, defaultValue: 0 },
  },
  defaultSort: { field: 'position', direction: 'asc' },
  searchFields: ['name', 'slug'],
  labelFields: ['name'],
  hooks: sluggedHooks('content_categories', 'name'),
};
