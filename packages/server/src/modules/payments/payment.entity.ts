import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { isOwnMember, personal } from '../people/index.ts';
import { paymentActions } from './payment.actions.ts';
import { paymentFilters } from './payment.filters.ts';
import { paymentHooks } from './payment.rules.ts';
import { PAYMENT_REQUEST_STATES } from './payment-state.ts';

/**
 * What a member is asked to pay (a membership fee, a camp): the office writes requests, members and
 * their guardians read their own. Bank transactions assigned to a request make up its paid amount.
 */
export const paymentEntity: EntityDeclaration = {
  alias: 'payment',
  table: 'payments',
  labels: {
    singular: 'Platba',
    plural: 'Platby',
    count: { one: 'platba', few: 'platby', many: 'plateb' },
    accusative: { one: 'platbu', few: 'platby', many: 'plateb' },
  },
  area: 'payments',
  screens: {
    zone: 'money',
    list: '/admin/platby',
    titles: { create: 'Nová platba', edit: 'Úprava platby' },
  },
  rows: {
    read: personal((person, eb) => isOwnMember(eb, 'member', person)),
    write: personal(false),
  },
  sections: [
    { key: 'request', label: 'Platba' },
    { key: 'bank', label: 'Platební údaje' },
  ],
  fields: {
    member: {
      kind: 'relation',
      label: 'Člen',
      required: true,
      relation: { alias: 'member', onDelete: 'restrict' },
      section: 'request',
    },
    title: {
      kind: 'text',
      label: 'Název',
      required: true,
      maxLength: 200,
      help: 'Např. Členský příspěvek 2026/27.',
      section: 'request',
    },
    amount: {
      kind: 'money',
      label: 'Částka',
      required: true,
      // Haléře: QR Platba carries at most 9 999 999,99.
      min: 1,
      max: 999_999_999,
      section: 'request',
      span: 4,
    },
    dueDate: { kind: 'date', label: 'Splatnost', required: true, section: 'request', span: 4 },
    state: {
      kind: 'enum',
      label: 'Stav',
      options: PAYMENT_REQUEST_STATES,
      defaultValue: 'UNPAID',
      readOnly: true,
      section: 'request',
      span: 4,
    },
    paidAmount: { kind: 'money', label: 'Zaplaceno', readOnly: true, section: 'request', span: 4 },
    fee: {
      kind: 'relation',
      label: 'Poplatek',
      relation: { alias: 'fee', onDelete: 'restrict' },
      // Filtered by (a fee's payments), not a column: the list keeps its default columns at 1366 px.
      listed: false,
      help: 'Poplatek, z něhož platba vznikla.',
      section: 'request',
      span: 4,
    },
    camp: {
      kind: 'relation',
      label: 'Soustředění',
      relation: { alias: 'camp', onDelete: 'cascade' },
      readOnly: true,
      listed: false,
      help: 'Soustředění, za jehož přihlášku se platí.',
      section: 'request',
      span: 4,
    },
    race: {
      kind: 'relation',
      label: 'Závod',
      relation: { alias: 'race', onDelete: 'cascade' },
      readOnly: true,
      listed: false,
      help: 'Závod, za jehož přihlášku se platí.',
      section: 'request',
      span: 4,
    },
    instalment: {
      kind: 'integer',
      label: 'Splátka',
      min: 1,
      max: 12,
      readOnly: true,
      listed: false,
      sortable: false,
      help: 'Pořadí splátky poplatku placeného ve splátkách.',
      section: 'request',
      span: 4,
    },
    discount: {
      kind: 'money',
      label: 'Sleva',
      min: 0,
      max: 999_999_999,
      listed: false,
      help: 'Už odečtená od částky.',
      section: 'request',
      span: 4,
    },
    discountReason: {
      kind: 'text',
      label: 'Důvod slevy',
      maxLength: 200,
      listed: false,
      sortable: false,
      help: 'Např. Sourozenecká sleva 10 %.',
      section: 'request',
      span: 4,
    },
    cancelled: {
      kind: 'boolean',
      label: 'Zrušeno',
      help: 'Zrušená platba se neplatí a výpisy ji nevyrovnají.',
      section: 'request',
      span: 8,
    },
    note: {
      kind: 'longText',
      label: 'Poznámka',
      maxLength: 1000,
      listed: false,
      help: 'Např. proč zůstal storno poplatek.',
      section: 'request',
    },
    // Kept by the camp and race fees: a request the deletion of its camp or race cancelled, and the note
    // it had then, open again as they were when the camp or race is restored from the trash.
    cancelledByDeletion: {
      kind: 'boolean',
      label: 'Zrušeno smazáním soustředění či závodu',
      readOnly: true,
      inForm: false,
      listed: false,
      sortable: false,
      filterable: false,
    },
    noteBeforeDeletion: {
      kind: 'longText',
      label: 'Poznámka před smazáním soustředění či závodu',
      maxLength: 1000,
      readOnly: true,
      inForm: false,
      listed: false,
    },
    variableSymbol: {
      kind: 'text',
      label: 'Variabilní symbol',
      maxLength: 10,
      unique: true,
      help: 'Prázdný se vyplní sám: rok a pořadové číslo, např. 2026000042.',
      section: 'bank',
      span: 4,
    },
    specificSymbol: {
      kind: 'text',
      label: 'Specifický symbol',
      maxLength: 10,
      listed: false,
      section: 'bank',
      span: 4,
    },
    message: {
      kind: 'text',
      label: 'Zpráva pro příjemce',
      maxLength: 60,
      listed: false,
      help: 'Prázdná: název platby.',
      section: 'bank',
      span: 12,
    },
    spayd: {
      kind: 'text',
      label: 'QR Platba',
      maxLength: 500,
      readOnly: true,
      listed: false,
      help: 'Text QR Platby z bankovního účtu klubu. Dokud účet není vyplněn v Konfiguraci webu, zůstane prázdný.',
      section: 'bank',
      span: 12,
    },
  },
  defaultSort: { field: 'dueDate', direction: 'desc' },
  // The treasurer finds a request by its member's name and its amount too, and tells apart those of
  // one fee by the member and the amount.
  searchFields: ['title', 'variableSymbol', 'member', 'amount'],
  labelFields: ['title', 'variableSymbol'],
  secondaryLabel: [{ field: 'member' }, { field: 'amount' }],
  // The treasurer's export says which groups each member trains in today.
  exportLinked: [
    {
      header: 'Skupiny člena',
      through: 'member',
      labels: {
        entity: 'group-member',
        by: 'member',
        field: 'group',
        current: { from: 'validFrom', to: 'validTo' },
      },
    },
  ],
  filters: paymentFilters,
  hooks: paymentHooks,
  actions: paymentActions,
};
