import type { PairedMember } from '@klubovna/shared';
import { czechDate } from '@klubovna/shared/time/prague';

/** `Eva Čermáková (3. 2. 2012)`: a member as the pairing lists name them. */
export const memberName = (member: PairedMember) =>
  `${member.firstName} ${member.lastName}${member.birthDate ? ` (${czechDate(member.birthDate)})` : ''}`;

export const fullName = (member: PairedMember) => `${member.firstName} ${member.lastName}`;
