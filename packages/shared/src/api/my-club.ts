import type { ConsentKind } from '../domain/consent.ts';
import type { Money } from '../domain/money.ts';

/** A consent of one of the person's own members, as their page shows it (null id: none recorded yet). */
export interface MyClubConsent {
  id: number | null;
  version: number | null;
  kind: ConsentKind;
  label: string;
  granted: boolean;
}

export interface MyClubTraining {
  id: number;
  startsAt: string;
  endsAt: string;
  place: string | null;
  groupName: string;
  cancelled: boolean;
}

/** A payment request of one of the person's own members, with what a bank transfer needs. */
export interface MyClubPayment {
  id: number;
  title: string;
  amount: Money;
  paidAmount: Money;
  dueDate: string;
  /** The request's state: UNPAID, PARTLY_PAID, PAID, OVERPAID. */
  state: string;
  /** Its Czech label. */
  stateLabel: string;
  variableSymbol: string;
  specificSymbol: string | null;
  message: string | null;
  /** Whether its QR Platba can be shown (the club's account is set). */
  hasQr: boolean;
}

/** One of the person's own members: themselves (a paired profile) or a child (as a guardian). */
export interface MyClubMember {
  id: number;
  /** 'self': the account is paired with this member; 'child': the account is named on a guardian record. */
  relation: 'self' | 'child';
  firstName: string;
  lastName: string;
  birthDate: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  groups: Array<{ id: number; name: string }>;
  consents: MyClubConsent[];
  /** The member's groups' trainings from today on, at most five. */
  nextTrainings: MyClubTraining[];
  /** The member's payment requests that are not cancelled, the latest due first. */
  payments: MyClubPayment[];
}

/** `GET /api/cms/me/club`: what the signed-in person's own page shows. */
export interface MyClub {
  members: MyClubMember[];
  /** Groups one of the person's member records trains. */
  trains: Array<{ id: number; name: string }>;
  /** The club's bank account that payments go to, as the club wrote it; null while it is not set. */
  bankAccount: string | null;
}
