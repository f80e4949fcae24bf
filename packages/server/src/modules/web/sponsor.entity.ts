import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { SPONSOR_LEVEL_OPTIONS } from './web.rules.ts';

/** A sponsor shown on the public site while active, by level and then `position`. */
export const sponsorEntity: EntityDeclaration = {
  alias: 'sponsor',
  table: 'sponsors',
  labels: {
    singular: 'Sponzor',
    plural: 'Sponzoři',
    count: { one: 'sponzor', few: 'sponzoři', many: 'sponzorů' },
    accusative: { one: 'sponzora', few: 'sponzory', many: 'sponzorů' },
  },
  area: 'sponsors',
  screens: {
    zone: 'web',
    list: '/admin/web/sponzori',
    titles: { create: 'Nový sponzor', edit: 'Úprava sponzora' },
  },
  publicRows: true,
  fields: {
    name: { kind: 'text', label: 'Název', required: true, maxLength: 150 },
    level: {
      kind: 'enum',
      label: 'Úroveň',
      required: true,
      options: SPONSOR_LEVEL_OPTIONS,
      defaultValue: 'PARTNER',
    },
    logo: { kind: 'image', label: 'Logo', uploadNamespace: 'sponsors', listed: false },
    url: { kind: 'url', label: 'Web' },
    position: { kind: 'integer', label: 'Pořadí', min: 0, max: 100_000, defaultValue: 0 },
    activeFrom: { kind: 'date', label: 'Aktivní od' },
    activeTo: { kind: 'date', label: 'Aktivní do', notBefore: 'activeFrom' },
  },
  defaultSort: { field: 'position', direction: 'asc' },
  searchFields: ['name'],
  labelFields: ['name'],
};
