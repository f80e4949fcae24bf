import type { Role } from '../domain/roles.ts';

/**
 * Where a user's invitation stands: `none` (the user has a password), `pending` (a link mailed and
 * still valid), `expired` (no usable link: the invitation must be sent again).
 */
export type InvitationState = 'none' | 'pending' | 'expired';

export const INVITATION_STATE_LABELS: Record<InvitationState, string> = {
  none: 'Přijata',
  pending: 'Čeká na přijetí',
  expired: 'Vypršela',
};

/** A CMS user as the user list and form show it. */
export interface CmsUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  active: boolean;
  /** ISO date-time of the last sign-in; null when never. */
  lastLoginAt: string | null;
  invitation: InvitationState;
  version: number;
}

export interface CmsUserPage {
  items: CmsUser[];
  total: number;
  page: number;
  limit: number;
}

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;
