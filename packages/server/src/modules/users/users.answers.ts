import { type CmsUser, INVITATION_STATE_LABELS, type InvitationState } from '@klubovna/shared';
import { z } from 'zod';
import { dataOf } from '../../http/api-answers.ts';
import { userFields } from '../auth/index.ts';

/** A CMS user as the users zone answers it (`CmsUser`): the account, its last sign-in and invitation. */
export const cmsUserAnswer = z
  .object({
    ...userFields,
    lastLoginAt: z.string().nullable(),
    invitation: z.enum(Object.keys(INVITATION_STATE_LABELS) as [InvitationState, ...InvitationState[]]),
    invitationExpiresAt: z.string().nullable(),
  })
  .meta({ id: 'CmsUser' }) satisfies z.ZodType<CmsUser>;

/** A user created with a password. */
export const createdUserAnswer = dataOf(cmsUserAnswer);

/** A user invited (again): the user, and whether the mail with the link went out. */
export const invitedUserAnswer = dataOf(z.object({ user: cmsUserAnswer, invitationSent: z.boolean() }));
