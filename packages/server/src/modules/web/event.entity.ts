import { enumOptions, VISIBILITIES, VISIBILITY_LABELS } from '@klubovna/shared';
import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { eventHooks } from './web.rules.ts';

/** An event the public site announces (a race, an open training, a club party). */
export const eventEntity: EntityDeclaration = {
  alias: 'event',
  table: 'web_events',
  labels: {
    singular: 'Událost',
    plural: 'Události',
    count: { one: 'událost', few: 'události', many: 'událostí' },
    accusative: { one: 'událost', few: 'události', many: 'událostí' },
  },
  area: 'webEvents',
  screens: {
    zone: 'web',
    list: '/admin/web/udalosti',
    titles: { create: 'Nová událost', edit: 'Úprava události' },
  },
  publicRows: (eb) => eb('visibility', 'in', ['PUBLIC', 'PUBLIC_WITHOUT_SITEMAP']),
  fields: {
    title: { kind: 'text', label: 'Název', required: true, maxLength: 200, span: 12 },
    startsAt: { kind: 'dateTime', label: 'Od', required: true },
    endsAt: { kind: 'dateTime', label: 'Do', notBefore: 'startsAt' },
    place: { kind: 'text', label: 'Místo', maxLength: 200 },
    link: { kind: 'url', label: 'Odkaz', listed: false },
    description: { kind: 'richText', label: 'Popis', maxLength: 20_000, listed: false },
    image: { kind: 'image', label: 'Obrázek', uploadNamespace: 'events', listed: false },
    visibility: {
      kind: 'enum',
      label: 'Viditelnost',
      required: true,
      options: enumOptions(VISIBILITIES, VISIBILITY_LABELS),
      defaultValue: 'PUBLIC',
    },
  },
  defaultSort: { field: 'startsAt', direction: 'desc' },
  searchFields: ['title', 'place'],
  labelFields: ['title'],
  hooks: eventHooks,
};
