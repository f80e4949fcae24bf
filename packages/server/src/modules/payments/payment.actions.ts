import { API_PATHS } from '@klubovna/shared';
import { pragueToday } from '@klubovna/shared/time/prague';
import { labelledMessages } from '@klubovna/shared/validation/czech-messages';
import { moneyValueSchema } from '@klubovna/shared/validation/field-schema';
import { recordIdSchema } from '@klubovna/shared/validation/input-limits';
import { z } from 'zod';
import type {
  ActionContext,
  CompiledEntity,
  DynamicDb,
  EntityAction,
  Values,
} from '../../engine/declaration/entity.types.ts';
import { FileAnswer } from '../../engine/export/file-answer.ts';
import { fieldError } from '../../engine/records/record-writes.service.ts';
import { insertRecords } from '../../engine/records/records.repository.ts';
import { AppError, validationFailed } from '../../errors/app-error.ts';
import { MEDIA_TYPES } from '../../http/api-answers.ts';
import { issuesToValidationErrors } from '../../http/zod-type-provider.ts';
import { findClubAccount } from './club-account.ts';
import { derivedValues, withSymbols } from './payment.rules.ts';
import { createdRequestsAnswer } from './payments.answers.ts';
import { qrSvg } from './qr-platba/qr-code.ts';
import { nextVariableSymbols } from './variable-symbol.ts';

const qrInput = z.object({});

/** The request's QR Platba as an SVG image, to whoever may read the request. */
const qr: EntityAction<typeof qrInput> = {
  label: 'QR Platba',
  method: 'GET',
  path: API_PATHS.paymentQr,
  access: 'read',
  produces: [MEDIA_TYPES.svg],
  refusals: [409],
  input: qrInput,
  run: async ({ record }) => {
    const spayd = record!.spayd as string | null;
    if (!spayd)
      throw new AppError(
        'NO_BANK_ACCOUNT',
        409,
        'QR Platbu nelze vytvořit: bankovní účet klubu musí být vyplněn v Konfiguraci webu.',
      );
    return new FileAnswer(`QR Platba ${record!.variableSymbol}.svg`, 'image/svg+xml', await qrSvg(spayd), {
      inline: true,
    });
  },
};

/** The fields a bulk creation gives every request, checked by the declaration's own rules. */
const SHARED_FIELDS = ['title', 'amount', 'dueDate', 'specificSymbol', 'message'] as const;
const BATCH = 400;

const bulkInput = z.looseObject({
  // Checked again by the declaration's own rule (its limits), named for the documentation.
  amount: moneyValueSchema,
  groupId: recordIdSchema.optional(),
  memberIds: z.array(recordIdSchema).max(5000, 'Najednou lze vytvořit nejvýše 5000 plateb.').optional(),
});

function sharedValues(entity: CompiledEntity, input: Record<string, unknown>): Values {
  const schema = z.object(
    Object.fromEntries(SHARED_FIELDS.map((name) => [name, entity.byName.get(name)!.schema])),
  );
  const error = labelledMessages((path) => entity.byName.get(String(path[0]))?.label);
  const parsed = schema.partial({ specificSymbol: true, message: true }).safeParse(input, { error });
  if (!parsed.success) throw validationFailed(issuesToValidationErrors(parsed.error.issues));
  return withSymbols({ specificSymbol: null, message: null, ...parsed.data });
}

/** The members asked for: the given ones and those in the group today. */
async function wantedMembers({ db }: ActionContext<unknown>, input: z.infer<typeof bulkInput>) {
  const wanted = new Set(input.memberIds ?? []);
  if (input.groupId !== undefined) {
    const today = pragueToday();
    const memberships = await db
      .selectFrom('group_members')
      .select('member_id')
      .where('group_id', '=', input.groupId)
      .where('valid_from', '<=', today)
      .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>=', today)]))
      .execute();
    for (const row of memberships) wanted.add(Number(row.member_id));
  }
  if (wanted.size === 0) throw fieldError('memberIds', 'Vyberte skupinu nebo členy.');
  return [...wanted];
}

/**
 * One request per member of a group (or of the given members), all of one title, amount and due date,
 * leaving out members who already have a request of that title. Set-based: a thousand in one call.
 */
const bulkCreate: EntityAction<typeof bulkInput, typeof createdRequestsAnswer> = {
  label: 'Hromadné vytvoření plateb',
  path: API_PATHS.paymentBulkCreate,
  wholeTable: true,
  input: bulkInput,
  output: createdRequestsAnswer,
  run: async (context) => {
    const { db, entity, userId, input } = context;
    const shared = sharedValues(entity, input);
    const members = await wantedMembers(context, input);
    return createRequests(db, userId, entity, members, shared, { title: shared.title as string });
  },
};

/**
 * What tells that a member has the request already: a request of the same title, or of the same fee,
 * camp or race.
 */
export type ExistingRequest = { title: string } | { fee: number } | { camp: number } | { race: number };

/** A member's request as the existing ones are told apart: by member and instalment (none: the first). */
const requestKey = (member: unknown, instalment: unknown) => `${Number(member)}:${Number(instalment ?? 1)}`;

/**
 * One request per member, each of the shared values and its own (a discount; with instalments, one set
 * of own values per instalment), in one transaction with multi-row inserts and variable symbols given
 * in one go; requests a member has already (by member and instalment) are left out, so running it
 * again creates nothing. Answers how many were created, how many members got none, and the new ids.
 */
export async function createRequests(
  db: DynamicDb,
  userId: number,
  entity: CompiledEntity,
  members: number[],
  shared: Values,
  existingBy: ExistingRequest,
  own: (member: number) => Values | Values[] = () => ({}),
) {
  // Each way names a column of its own name.
  const [column, value] = Object.entries(existingBy)[0] as [string, string | number];
  const existing = new Set<string>();
  const known = new Set<number>();
  for (let start = 0; start < members.length; start += BATCH) {
    const batch = members.slice(start, start + BATCH);
    for (const row of await db.selectFrom('members').select('id').where('id', 'in', batch).execute())
      known.add(Number(row.id));
    const having = await db
      .selectFrom('payments')
      .select(['member', 'instalment'])
      .where('member', 'in', batch)
      .where(column, '=', value)
      .execute();
    for (const row of having) existing.add(requestKey(row.member, row.instalment));
  }
  if (known.size !== members.length) throw fieldError('memberIds', 'Někteří vybraní členové neexistují.');
  const wanted = members.flatMap((member) =>
    [own(member)].flat().map((values): Values => ({ ...shared, member, cancelled: false, ...values })),
  );
  const missing = wanted.filter((values) => !existing.has(requestKey(values.member, values.instalment)));
  const symbols = await nextVariableSymbols(db, missing.length);
  const club = await findClubAccount(db);
  const rows = missing.map((values, index) =>
    derivedValues({ ...values, variableSymbol: symbols[index] }, 0, club),
  );
  const ids = await insertRecords(db, userId, entity, rows);
  const served = new Set(missing.map((values) => values.member));
  return { created: ids.length, skipped: members.length - served.size, ids };
}

export const paymentActions = { qr, 'bulk-create': bulkCreate };
