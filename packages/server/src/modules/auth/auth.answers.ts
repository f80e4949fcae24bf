import {
  type AccountActivity,
  ROLES,
  type SecurityPolicy,
  type TwoFactorSetup,
  type UserDto,
} from '@klubovna/shared';
import { z } from 'zod';
import { dataOf } from '../../http/api-answers.ts';

/** The signed-in user's account fields (`toUserDto`), shared by the CMS user's answer. */
export const userFields = {
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.enum(ROLES)),
  active: z.boolean(),
  twoFactor: z.boolean(),
  version: z.number().int(),
};

type SignedInUser = UserDto & { version?: number };

/**
 * The signed-in user as the API answers it (`toUserDto`, owed a second factor or not), for the API
 * document; `twoFactor` and `version` are always there, though the session's type (`UserDto`) does not say.
 */
export const userAnswer: z.ZodType<SignedInUser, SignedInUser> = z
  .object({
    ...userFields,
    twoFactor: z.boolean().optional(),
    version: z.number().int().optional(),
    twoFactorSetupRequired: z.boolean().optional(),
  })
  .meta({ id: 'SignedInUser' });

/** A sign-in: the user, or a request for the second factor's code. */
export const loginAnswer = dataOf(
  z.union([z.object({ user: userAnswer }), z.object({ twoFactorRequired: z.literal(true) })]),
);

/** The own profile saved: the user, and the new e-mail waiting for its confirmation link. */
export const savedProfileAnswer = dataOf(z.object({ ...userFields, pendingEmail: z.string().optional() }));

export const confirmedEmailAnswer = dataOf(z.object({ email: z.string() }));

export const twoFactorSetupAnswer = dataOf(
  z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() }) satisfies z.ZodType<TwoFactorSetup>,
);

export const recoveryCodesAnswer = dataOf(z.object({ recoveryCodes: z.array(z.string()) }));

export const securityPolicyAnswer = dataOf(
  z.object({ twoFactorForAdmins: z.boolean() }) satisfies z.ZodType<SecurityPolicy>,
);

const device = { device: z.string(), ip: z.string().nullable() };
export const accountActivityAnswer = dataOf(
  z.object({
    signIns: z.array(z.object({ ...device, at: z.string() })),
    sessions: z.array(
      z.object({ ...device, createdAt: z.string(), lastSeenAt: z.string(), current: z.boolean() }),
    ),
  }) satisfies z.ZodType<AccountActivity>,
);
