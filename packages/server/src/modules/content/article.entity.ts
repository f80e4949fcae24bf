import { enumOptions, VISIBILITIES, VISIBILITY_LABELS } from '@klubovna/shared';
import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { sluggedHooks } from './content.rules.ts';

/**
 * An article of the public site. It is public at `/clanky/{slug}` once `publishedAt` has come and
 * its visibility is not PRIVATE; only PUBLIC ones are in the sitemap.
 */
export const articleEntity: EntityDeclaration = {
  alias: 'article',
  table: 'articles',
  labels: {
    singular: 'Článek',
    plural: 'Články',
    count: { one: 'článek', few: 'články', many: 'článků' },
    accusative: { one: 'článek', few: 'články', many: 'článků' },
  },
  area: 'content',
  screens: {
    zone: 'content',
    list: '/admin/obsah/clanky',
    create: '/admin/obsah/clanek/create',
    edit: '/admin/obsah/clanek/edit',
    titles: { create: 'Nový článek', edit: 'Úprava článku' },
  },
  // What the website shows: published, not in the future, not private.
  publicRows: (eb) =>
    eb.and([
      eb('visibility', 'in', ['PUBLIC', 'PUBLIC_WITHOUT_SITEMAP']),
      eb('published_at', 'is not', null),
      eb('published_at', '<=', new Date().toISOString()),
    ]),
  sections: [
    { key: 'article', label: 'Článek' },
    { key: 'publishing', label: 'Zveřejnění' },
    { key: 'seo', label: 'Vyhledávače a sdílení' },
  ],
  fields: {
    title: { kind: 'text', label: 'Titulek', required: true, maxLength: 200, section: 'article', span: 12 },
    slug: {
      kind: 'slug',
      label: 'Adresa (slug)',
      maxLength: 100,
      unique: true,
      help: 'Článek bude na adrese /clanky/<slug>. Prázdné: vytvoří se z titulku.',
      section: 'article',
      span: 12,
    },
    perex: { kind: 'longText', label: 'Perex', maxLength: 1000, listed: false, section: 'article' },
    content: {
      kind: 'richText',
      label: 'Text článku',
      maxLength: 100_000,
      listed: false,
      uploadNamespace: 'articles',
      section: 'article',
    },
    mainImage: {
      kind: 'image',
      label: 'Hlavní obrázek',
      uploadNamespace: 'articles',
      listed: false,
      section: 'article',
    },
    author: {
      kind: 'relation',
      label: 'Autor',
      relation: { alias: 'author', onDelete: 'cascade' },
      section: 'publishing',
    },
    categories: {
      kind: 'relationMany',
      label: 'Kategorie',
      relation: { alias: 'content-category', onDelete: 'cascade' },
      section: 'publishing',
    },
    tags: {
      kind: 'relationMany',
      label: 'Tagy',
      relation: { alias: 'tag', onDelete: 'cascade' },
      section: 'publishing',
    },
    visibility: {
      kind: 'enum',
      label: 'Viditelnost',
      required: true,
      options: enumOptions(VISIBILITIES, VISIBILITY_LABELS),
      defaultValue: 'PUBLIC',
      section: 'publishing',
    },
    publishedAt: {
      kind: 'dateTime',
      label: 'Zveřejnit od',
      help: 'Prázdné: koncept, na webu se neukáže. Budoucí datum: článek se zveřejní v tu chvíli.',
      section: 'publishing',
    },
    seoTitle: {
      kind: 'text',
      label: 'Titulek pro vyhledávače',
      maxLength: 70,
      listed: false,
      section: 'seo',
    },
    seoDescription: {
      kind: 'longText',
      label: 'Popis pro vyhledávače',
      maxLength: 300,
      listed: false,
      section: 'seo',
    },
  },
  defaultSort: { field: 'publishedAt', direction: 'desc' },
  searchFields: ['title', 'perex'],
  labelFields: ['title'],
  hooks: sluggedHooks('articles', 'title', ['content']),
};
