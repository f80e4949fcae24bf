import { can, type EntityRecord, formatMoney, type Money, type PaymentState } from '@klubovna/shared';
import type {
  EntityHooks,
  FieldDeclaration,
  SignUpsDeclaration,
  Values,
} from '../../engine/declaration/entity.types.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';

import {
  askSignUpFee,
  type FeeSource,
  followPrice,
  releaseSignUpFee,
  reopenDeletedRequests,
  signUpDueDate,
  signUpPaymentStates,
} from './sign-up-fees.ts';

// How a camp or a race declares its fee: its form's fields and rule, and the sign-up list's effects
// and rows that ask, release and show the payment requests (sign-up-fees.ts).

/** Where a camp or a race keeps its fee: the parent's fields of the sign-up list. */
export interface FeeFields {
  source: FeeSource;
  /** The request's title of the parent: „Soustředění Letní Orlice“. */
  title: (parent: EntityRecord) => string;
  /** What a request's note says when the parent is deleted: „soustředění bylo smazáno“. */
  deleted: string;
  /** What a request's note says when the parent's price is removed: „soustředění je nově zdarma“. */
  free: string;
  /** Money fields of the parent: the price, and the optional cancellation fee. */
  price: string;
  cancellationFee: string;
  /** An integer field of the parent: the days after the sign-up the fee is due (14 when empty). */
  dueDays: string;
  /** A date field of the parent: the fee is due no later than that day. */
  firstDay: string;
}

const DEFAULT_DUE_DAYS = 14;

/**
 * A sign-up list's `effects` asking the parent's fee: a request when a member gets a place, kept at the
 * cancellation fee or cancelled when they sign off; the open requests follow a new price, and those
 * the parent's deletion cancelled open again when it is restored. The sign-up's field `member` names
 * the member.
 */
export function signUpFeeEffects(fields: FeeFields): NonNullable<SignUpsDeclaration['effects']> {
  const { source } = fields;
  return {
    placed: (work, signUp, parent) =>
      askSignUpFee(work, {
        source,
        sourceId: parent.id,
        member: signUp.member as number,
        title: fields.title(parent),
        price: (parent[fields.price] as Money | null) ?? null,
        dueDate: signUpDueDate(
          (parent[fields.dueDays] as number | null) ?? DEFAULT_DUE_DAYS,
          parent[fields.firstDay] as string,
        ),
      }),
    left: (work, signUp, parent, { withParent }) =>
      releaseSignUpFee(work, {
        source,
        sourceId: parent.id,
        member: signUp.member as number,
        cancellationFee: (parent[fields.cancellationFee] as Money | null) ?? null,
        ...(withParent ? { deleted: fields.deleted } : {}),
      }),
    changed: (work, parent, previous, placed) =>
      followPrice(work, {
        source,
        sourceId: parent.id,
        members: placed.map((signUp) => signUp.member as number),
        from: (previous[fields.price] as Money | null) ?? null,
        to: (parent[fields.price] as Money | null) ?? null,
        free: fields.free,
      }),
    restored: (work, parent) => reopenDeletedRequests(work, source, parent.id),
  };
}

/**
 * A sign-up list's `more`: each row's `paymentState`, the state of the member's request for the parent,
 * for a person who may read it (the office, the member's own account); null otherwise or without one.
 */
export function signUpPaymentStatesOf(source: FeeSource): NonNullable<SignUpsDeclaration['list']['more']> {
  return async ({ db, roles, rowsOf }, parent, signUps) => {
    const states = can(roles, 'payments', 'read')
      ? await signUpPaymentStates(
          db,
          source,
          parent.id,
          signUps.map((signUp) => signUp.memberId),
          rowsOf('payment'),
        )
      : new Map<number, PaymentState>();
    return new Map(
      signUps.map((signUp) => [signUp.id, { paymentState: states.get(signUp.memberId) ?? null }]),
    );
  };
}

/**
 * A camp's or race's fields beside its price: the cancellation fee (up to `max` haléře, the price's
 * own bound) and the days to pay after a sign-up (`lastDay` says the latest due date in Czech).
 */
export function signUpFeeFields(max: number, lastDay: string): Record<string, FieldDeclaration> {
  return {
    cancellationFee: {
      kind: 'money',
      label: 'Storno poplatek',
      min: 0,
      max,
      help: 'Při odhlášení zůstane platba na tuto částku. Prázdný: platba se zruší.',
      // The form's: the list keeps its room for the price and who is invited.
      listed: false,
      section: 'registration',
      span: 4,
    },
    paymentDueDays: {
      kind: 'integer',
      label: 'Splatnost (dní po přihlášce)',
      min: 0,
      max: 365,
      defaultValue: 14,
      listed: false,
      sortable: false,
      help: lastDay,
      section: 'registration',
      span: 4,
    },
  };
}

/**
 * The rule of a camp's or race's fee: a cancellation fee in the price's currency and not above the
 * price (`what` names the price in the refusal: „cena“, „startovné“).
 */
export function cancellationFeeHooks(price: string, cancellationFee: string, what: string): EntityHooks {
  const check = ({ data }: { data: Values }) => {
    const kept = data[cancellationFee] as Money | null | undefined;
    if (!kept || kept.amount === 0) return undefined;
    const full = data[price] as Money | null | undefined;
    if (!full || full.amount === 0)
      throw fieldError(cancellationFee, `Storno poplatek má smysl jen tam, kde je vyplněno ${what}.`);
    if (kept.currency !== full.currency)
      throw fieldError(
        cancellationFee,
        `Storno poplatek musí být ve stejné měně jako ${what} (${full.currency}).`,
      );
    if (kept.amount > full.amount)
      throw fieldError(
        cancellationFee,
        `Storno poplatek nesmí být vyšší než ${what} (${formatMoney(full.amount, full.currency)}).`,
      );
    return undefined;
  };
  return { beforeCreate: check, beforeUpdate: check };
}
