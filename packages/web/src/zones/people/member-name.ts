import type { MyClubMember } from '@klubovna/shared';

/** `Šárka Řehořová`. */
export const fullName = (member: Pick<MyClubMember, 'firstName' | 'lastName'>) =>
  `${member.firstName} ${member.lastName}`;
