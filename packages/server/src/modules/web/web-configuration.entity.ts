import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { webConfigurationHooks } from './web.rules.ts';

/** The public site's one configuration record: who the club is and how its site looks. */
export const webConfigurationEntity: EntityDeclaration = {
  alias: 'web-configuration',
  table: 'web_configurations',
  labels: {
    singular: 'Konfigurace webu',
    plural: 'Konfigurace webu',
    count: { one: 'konfigurace', few: 'konfigurace', many: 'konfigurací' },
    accusative: { one: 'konfiguraci webu', few: 'konfigurace webu', many: 'konfigurací webu' },
  },
  area: 'webConfig',
  screens: 'api-only',
  publicRows: true,
  sections: [
    { key: 'club', label: 'Klub' },
    { key: 'look', label: 'Vzhled' },
    { key: 'contact', label: 'Kontakt' },
    { key: 'seo', label: 'Vyhledávače a sítě' },
  ],
  fields: {
    clubName: { kind: 'text', label: 'Název klubu', required: true, maxLength: 150, section: 'club' },
    logo: { kind: 'image', label: 'Logo', uploadNamespace: 'web', listed: false, section: 'club' },
    primaryColor: {
      kind: 'color',
      label: 'Hlavní barva',
      required: true,
      defaultValue: '#1c4f8c',
      help: 'Barva záhlaví a odkazů; bílé písmo na ní musí být čitelné.',
      section: 'look',
    },
    accentColor: {
      kind: 'color',
      label: 'Doplňková barva',
      required: true,
      defaultValue: '#b3261e',
      section: 'look',
    },
    contactEmail: { kind: 'email', label: 'Kontaktní e-mail', section: 'contact' },
    phone: { kind: 'phone', label: 'Telefon', maxLength: 30, section: 'contact' },
    address: { kind: 'longText', label: 'Adresa', maxLength: 500, listed: false, section: 'contact' },
    bankAccount: {
      kind: 'text',
      label: 'Bankovní účet',
      maxLength: 60,
      listed: false,
      help: 'Číslo účtu, např. 19-2000145399/0800. Na něj členové platí; z něj jsou QR Platby.',
      section: 'contact',
    },
    facebookUrl: { kind: 'url', label: 'Facebook', listed: false, section: 'seo' },
    instagramUrl: { kind: 'url', label: 'Instagram', listed: false, section: 'seo' },
    youtubeUrl: { kind: 'url', label: 'YouTube', listed: false, section: 'seo' },
    seoTitle: {
      kind: 'text',
      label: 'Výchozí titulek pro vyhledávače',
      maxLength: 70,
      listed: false,
      section: 'seo',
    },
    seoDescription: {
      kind: 'longText',
      label: 'Výchozí popis pro vyhledávače',
      maxLength: 300,
      listed: false,
      section: 'seo',
    },
  },
  defaultSort: { field: 'clubName', direction: 'asc' },
  searchFields: ['clubName'],
  labelFields: ['clubName'],
  hooks: webConfigurationHooks,
};
