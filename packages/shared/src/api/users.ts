import type { UserDto } from './envelope.ts';

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

/** A CMS user as the user list and form show it: the account as its own user sees it, and more. */
export interface CmsUser extends UserDto {
  /** ISO date-time of the last sign-in; null when never. */
  lastLoginAt: string | null;
  invitation: InvitationState;
  /** ISO date-time until which the last invitation link works; null when none was sent. */
  invitationExpiresAt: string | null;
  twoFactor: boolean;
  version: number;
}

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** One sign-in or open session as the profile shows it. */
export interface AccountDevice {
  /** Browser and system in Czech, e.g. `Firefox, Windows`; `Neznámé zařízení` when unknown. */
  device: string;
  ip: string | null;
}

/** The signed-in user's recent sign-ins and open sessions, newest first. */
export interface AccountActivity {
  signIns: Array<AccountDevice & { at: string }>;
  sessions: Array<AccountDevice & { createdAt: string; lastSeenAt: string; current: boolean }>;
}

/** What turning two-factor sign-in on starts with: the secret for the authenticator app. */
export interface TwoFactorSetup {
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** `otpauth://totp/...`, what the QR code holds. */
  uri: string;
  /** The QR code as an SVG data URL. */
  qrCode: string;
}

/** How many single-use recovery codes two-factor sign-in comes with. */
export const RECOVERY_CODE_COUNT = 10;

/** Settings a root keeps for the whole app's sign-in. */
export interface SecurityPolicy {
  /** Admins and roots must sign in with two factors. */
  twoFactorForAdmins: boolean;
}
