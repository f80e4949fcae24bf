import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { sluggedHooks } from './content.rules.ts';

/** A keyword articles are listed by on the public site (`/tagy/{slug}`). */
export const tagEntity: EntityDeclaration = {
  alias: 'tag',
  table: 'tags',
  labels: {
    singular: 'Tag',
    plural: 'Tagy',
    count: { one: 'tag', few: 'tagy', many: 'tagů' },
    accusative: { one: 'tag', few: 'tagy', many: 'tagů' },
  },
  area: 'content',
  screens: {
    zone: 'content',
    list: '/admin/obsah/tagy',
    create: '/admin/obsah/tag/create',
    edit: '/admin/obsah/tag/edit',
    titles: { create: 'Nový tag', edit: 'Úprava tagu' },
  },
  fields: {
    name: { kind: 'text', label: 'Název', required: true, maxLength: 80, unique: true },
    slug: {
      kind: 'slug',
      label: 'Adresa (slug)',
      maxLength: 100,
      unique: true,
      help: 'Prázdné: vytvoří se z názvu.',
    },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  searchFields: ['name', 'slug'],
  labelFields: ['name'],
  hooks: sluggedHooks('tags', 'name'),
};
