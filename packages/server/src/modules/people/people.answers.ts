import { CONSENT_KINDS, type ConsentKind, type MyClub } from '@klubovna/shared';
import { z } from 'zod';
import { dataOf } from '../../http/api-answers.ts';
import { moneyAnswer, namedAnswer } from '../../http/shared-answers.ts';

const consent = z.object({
  id: z.number().int().nullable(),
  version: z.number().int().nullable(),
  kind: z.enum(CONSENT_KINDS.map((kind) => kind.value) as [ConsentKind, ...ConsentKind[]]),
  label: z.string(),
  granted: z.boolean(),
});

const training = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string().nullable(),
  groupName: z.string(),
  cancelled: z.boolean(),
});

const payment = z.object({
  id: z.number().int(),
  title: z.string(),
  amount: moneyAnswer,
  paidAmount: moneyAnswer,
  dueDate: z.string(),
  state: z.string(),
  stateLabel: z.string(),
  variableSymbol: z.string(),
  specificSymbol: z.string().nullable(),
  message: z.string().nullable(),
  hasQr: z.boolean(),
});

/** `GET /api/cms/me/club` (`MyClub`): the person's own members and the groups they train. */
export const myClubAnswer = dataOf(
  z.object({
    members: z.array(
      z.object({
        id: z.number().int(),
        relation: z.enum(['self', 'child']),
        firstName: z.string(),
        lastName: z.string(),
        birthDate: z.string().nullable(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        address: z.string().nullable(),
        groups: z.array(namedAnswer),
        consents: z.array(consent),
        nextTrainings: z.array(training),
        payments: z.array(payment),
      }),
    ),
    trains: z.array(namedAnswer),
    bankAccount: z.string().nullable(),
  }) satisfies z.ZodType<MyClub>,
);
