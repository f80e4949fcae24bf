import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';
import { consentInForce } from '../members/index.ts';
import { reorderTeam } from './team.actions.ts';
import { teamMemberHooks } from './web.rules.ts';

/** A person of the club's team on the public site, in the order of `position`. */
export const teamMemberEntity: EntityDeclaration = {
  alias: 'team-member',
  table: 'team_members',
  labels: {
    singular: 'Člen týmu',
    plural: 'Tým',
    count: { one: 'člen týmu', few: 'členové týmu', many: 'členů týmu' },
    accusative: { one: 'člena týmu', few: 'členy týmu', many: 'členů týmu' },
  },
  area: 'team',
  screens: {
    zone: 'web',
    list: '/admin/web/team',
    titles: { create: 'Nový člen týmu', edit: 'Úprava člena týmu' },
  },
  // A club member's photo only with their consent to photos on the public site.
  publicRows: (eb) => consentInForce(eb, 'team_members.member', 'PUBLIC_PHOTOS'),
  fields: {
    name: { kind: 'text', label: 'Jméno', required: true, maxLength: 150 },
    role: { kind: 'text', label: 'Funkce', maxLength: 150 },
    member: {
      kind: 'relation',
      label: 'Člen klubu',
      relation: { alias: 'member', onDelete: 'cascade' },
      help: 'Nepovinné: propojení s evidencí členů.',
    },
    photo: { kind: 'image', label: 'Fotografie', uploadNamespace: 'team', listed: false },
    email: { kind: 'email', label: 'E-mail', listed: false },
    phone: { kind: 'phone', label: 'Telefon', maxLength: 30, listed: false },
    bio: { kind: 'longText', label: 'Medailonek', maxLength: 2000, listed: false },
    position: {
      kind: 'integer',
      label: 'Pořadí',
      min: 0,
      max: 100_000,
      help: 'Prázdné: na konec.',
    },
  },
  defaultSort: { field: 'position', direction: 'asc' },
  searchFields: ['name', 'role'],
  labelFields: ['name'],
  hooks: teamMemberHooks,
  actions: { order: reorderTeam },
};
