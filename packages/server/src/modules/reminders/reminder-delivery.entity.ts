import { REMINDER_KINDS } from '@klubovna/shared';
import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';

/**
 * An e-mail reminder that went out: one row per kind, subject (`training:12`) and address, so that no
 * reminder goes twice however many passes or instances run. The reminders job alone writes them
 * (reminders.repository.ts); admins may read them through the API.
 */
export const reminderDeliveryEntity: EntityDeclaration = {
  alias: 'reminder-delivery',
  table: 'reminder_deliveries',
  labels: {
    singular: 'Odeslané upozornění',
    plural: 'Odeslaná upozornění',
    count: { one: 'odeslané upozornění', few: 'odeslaná upozornění', many: 'odeslaných upozornění' },
    accusative: { one: 'odeslané upozornění', few: 'odeslaná upozornění', many: 'odeslaných upozornění' },
  },
  area: 'users',
  screens: 'api-only',
  deletable: false,
  readOnly: true,
  fields: {
    kind: { kind: 'enum', label: 'Upozornění', options: REMINDER_KINDS, required: true, readOnly: true },
    subject: {
      kind: 'text',
      label: 'Čeho se týká',
      maxLength: 100,
      required: true,
      readOnly: true,
      sortable: false,
    },
    email: { kind: 'text', label: 'E-mail', maxLength: 254, required: true, readOnly: true, sortable: false },
    sentAt: { kind: 'dateTime', label: 'Odesláno', required: true, readOnly: true },
    // Kind, subject and address in one value (`training-cancelled|training:12|ema@rodina.test`): its
    // uniqueness is what lets each reminder go once.
    deliveryKey: {
      kind: 'text',
      label: 'Klíč doručení',
      maxLength: 400,
      required: true,
      unique: true,
      readOnly: true,
      listed: false,
      sortable: false,
    },
  },
  defaultSort: { field: 'sentAt', direction: 'desc' },
  searchFields: [],
  labelFields: ['email', 'subject'],
};
