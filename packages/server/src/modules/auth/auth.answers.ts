import { ROLES, type UserDto } from '@klubovna/shared';
import { z } from 'zod';
import { dataOf } from '../../http/api-answers.ts';

/** The signed-in user as the API answers it (`UserDto`, and fields a declaration adds), for the API document. */
export const userAnswer: z.ZodType<UserDto, UserDto> = z
  .looseObject({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    roles: z.array(z.enum(ROLES)),
    active: z.boolean(),
    twoFactor: z.boolean().optional(),
    twoFactorSetupRequired: z.boolean().optional(),
  })
  .meta({ id: 'User' });

/** A sign-in: the user, or a request for the second factor's code. */
export const loginAnswer = dataOf(
  z.union([z.object({ user: userAnswer }), z.object({ twoFactorRequired: z.literal(true) })]),
);

export const nothingAnswer = dataOf(z.null());
