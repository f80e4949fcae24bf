import { enumOptions, MEMBER_TYPE_LABELS, MEMBER_TYPES } from '@klubovna/shared';
import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { noRow, personal } from '../people/index.ts';
import { feeActions } from './fee.actions.ts';
import { feeHooks } from './instalments.ts';

/**
 * A fee the club asks of a set of members (a season's membership fee by group, category or member
 * type): its action „Vytvořit platby“ makes one payment request per member it targets, or one per
 * instalment when it is paid in instalments.
 */
export const feeEntity: EntityDeclaration = {
  alias: 'fee',
  table: 'fees',
  labels: {
    singular: 'Poplatek',
    plural: 'Poplatky',
    count: { one: 'poplatek', few: 'poplatky', many: 'poplatků' },
    accusative: { one: 'poplatek', few: 'poplatky', many: 'poplatků' },
  },
  area: 'payments',
  screens: {
    zone: 'money',
    list: '/admin/platby/poplatky',
    titles: { create: 'Nový poplatek', edit: 'Úprava poplatku' },
    audience: 'office',
  },
  // What the club charges whom is the office's.
  rows: { read: personal(() => noRow()), write: personal(false) },
  sections: [
    { key: 'fee', label: 'Poplatek' },
    { key: 'targets', label: 'Komu' },
  ],
  fields: {
    title: {
      kind: 'text',
      label: 'Název',
      required: true,
      maxLength: 200,
      help: 'Název platby každého člena, např. Členský příspěvek 2026/27.',
      section: 'fee',
    },
    amount: {
      kind: 'money',
      label: 'Částka',
      required: true,
      min: 1,
      max: 999_999_999,
      section: 'fee',
      span: 4,
    },
    dueDate: { kind: 'date', label: 'Splatnost', required: true, section: 'fee', span: 4 },
    specificSymbol: {
      kind: 'text',
      label: 'Specifický symbol',
      maxLength: 10,
      listed: false,
      section: 'fee',
      span: 4,
    },
    message: { kind: 'text', label: 'Zpráva pro příjemce', maxLength: 60, listed: false, section: 'fee' },
    instalments: {
      kind: 'integer',
      label: 'Počet splátek',
      min: 1,
      max: 12,
      defaultValue: 1,
      listed: false,
      sortable: false,
      help: 'Víc než 1: každý člen dostane tolik plateb; částka se rozdělí na celé haléře, zbytek připadne na první.',
      section: 'fee',
      span: 4,
    },
    instalmentMonths: {
      kind: 'integer',
      label: 'Měsíců mezi splátkami',
      min: 1,
      max: 12,
      defaultValue: 1,
      listed: false,
      sortable: false,
      help: 'První splátka je splatná ke dni splatnosti, každá další o tolik měsíců později.',
      section: 'fee',
      span: 4,
    },
    groups: {
      kind: 'relationMany',
      label: 'Skupiny',
      relation: { alias: 'group' },
      help: 'Členové těchto skupin ke dni vytvoření plateb.',
      section: 'targets',
    },
    categories: {
      kind: 'relationMany',
      label: 'Kategorie',
      relation: { alias: 'category' },
      help: 'Členové skupin těchto kategorií.',
      section: 'targets',
    },
    memberTypes: {
      kind: 'multiEnum',
      label: 'Typy členů',
      options: enumOptions(MEMBER_TYPES, MEMBER_TYPE_LABELS),
      help: 'Jen členové těchto typů; bez skupin a kategorií všichni aktivní členové těchto typů.',
      section: 'targets',
    },
  },
  defaultSort: { field: 'dueDate', direction: 'desc' },
  searchFields: ['title'],
  labelFields: ['title'],
  hooks: feeHooks,
  actions: feeActions,
};
