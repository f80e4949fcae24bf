import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';

/** Who wrote an article: shown under it on the public site. */
export const authorEntity: EntityDeclaration = {
  alias: 'author',
  table: 'authors',
  labels: {
    singular: 'Autor',
    plural: 'Autoři',
    count: { one: 'autor', few: 'autoři', many: 'autorů' },
    accusative: { one: 'autora', few: 'autory', many: 'autorů' },
  },
  area: 'content',
  screens: {
    zone: 'content',
    list: '/admin/obsah/autori',
    create: '/admin/obsah/autor/create',
    edit: '/admin/obsah/autor/edit',
    titles: { create: 'Nový autor', edit: 'Úprava autora' },
  },
  publicRows: true,
  fields: {
    name: { kind: 'text', label: 'Jméno', required: true, maxLength: 150 },
    email: { kind: 'email', label: 'E-mail' },
    photo: { kind: 'image', label: 'Fotografie', uploadNamespace: 'authors', listed: false },
    bio: { kind: 'longText', label: 'O autorovi', maxLength: 2000, listed: false },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  searchFields: ['name', 'email'],
  labelFields: ['name'],
};
