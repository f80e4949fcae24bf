import type { InvitationState } from '@klubovna/shared';

/**
 * Where an invitation stands as a person should read it: a pending link whose time ran out is
 * expired even before housekeeping marks it so in the table.
 */
export function invitationState(
  stored: unknown,
  expiresAt: unknown,
  now = new Date().toISOString(),
): InvitationState {
  if (stored === 'pending' && typeof expiresAt === 'string' && new Date(expiresAt).toISOString() <= now)
    return 'expired';
  return stored === 'pending' || stored === 'expired' ? stored : 'none';
}
