import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { isOwnOrTrainee, officeOnly, personal } from '../people/index.ts';
import { medicalCheckFilters } from './medical-check.filters.ts';
import { isHeadTrainer, medicalCheckHooks } from './medical-check.rules.ts';

export const MEDICAL_CHECK_KINDS = [
  { value: 'ENTRY', label: 'Vstupní' },
  { value: 'REGULAR', label: 'Pravidelná' },
  { value: 'EXTRA', label: 'Mimořádná' },
] as const;

export const MEDICAL_CHECK_RESULTS = [
  { value: 'FIT', label: 'Způsobilý' },
  { value: 'FIT_LIMITED', label: 'Způsobilý s omezením' },
  { value: 'UNFIT', label: 'Nezpůsobilý' },
] as const;

/**
 * A member's medical fitness check (vyhláška č. 391/2013 Sb.): an entry one, then a regular one every
 * 12 months, extra ones when needed. Health data: the office and head trainers read every check, a
 * trainer their trainees', a member or parent their own members'; only the office records them. The
 * scanned certificate is a private upload.
 */
export const medicalCheckEntity: EntityDeclaration = {
  alias: 'medical-check',
  table: 'medical_checks',
  labels: {
    singular: 'Lékařská prohlídka',
    plural: 'Lékařské prohlídky',
    count: { one: 'lékařská prohlídka', few: 'lékařské prohlídky', many: 'lékařských prohlídek' },
    accusative: { one: 'lékařskou prohlídku', few: 'lékařské prohlídky', many: 'lékařských prohlídek' },
  },
  area: 'members',
  screens: {
    zone: 'members',
    list: '/admin/lekarske-prohlidky',
    titles: { create: 'Nová lékařská prohlídka', edit: 'Úprava lékařské prohlídky' },
  },
  rows: {
    read: personal((person, eb) => eb.or([isHeadTrainer(eb, person), isOwnOrTrainee(eb, 'member', person)])),
    write: personal(false),
    create: officeOnly,
    delete: officeOnly,
  },
  fields: {
    member: {
      kind: 'relation',
      label: 'Člen',
      required: true,
      relation: { alias: 'member', onDelete: 'delete' },
    },
    date: { kind: 'date', label: 'Datum prohlídky', required: true, notInFuture: true, span: 3 },
    kind: {
      kind: 'enum',
      label: 'Druh',
      required: true,
      options: MEDICAL_CHECK_KINDS,
      defaultValue: 'REGULAR',
      span: 3,
    },
    result: {
      kind: 'enum',
      label: 'Výsledek',
      required: true,
      options: MEDICAL_CHECK_RESULTS,
      defaultValue: 'FIT',
    },
    limitation: {
      kind: 'longText',
      label: 'Omezení',
      maxLength: 1000,
      listed: false,
      help: 'Vyplňte u výsledku „Způsobilý s omezením“.',
    },
    doctor: { kind: 'text', label: 'Lékař', maxLength: 200 },
    validUntil: {
      kind: 'date',
      label: 'Platí do',
      notBefore: 'date',
      help: 'Nevyplníte-li, platí 12 měsíců od prohlídky.',
    },
    certificate: {
      kind: 'file',
      label: 'Posudek (sken)',
      uploadNamespace: 'medical-checks',
      listed: false,
    },
    // Kept by the hooks: names the check in lists and dialogs and makes it findable by the member's name.
    title: { kind: 'text', label: 'Označení', maxLength: 300, readOnly: true, inForm: false, listed: false },
  },
  defaultSort: { field: 'date', direction: 'desc' },
  searchFields: ['title', 'doctor'],
  labelFields: ['title'],
  filters: medicalCheckFilters,
  hooks: medicalCheckHooks,
};
