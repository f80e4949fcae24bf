export const MEMBER_TYPES = ['HEAD_TRAINER', 'TRAINER', 'ATHLETE'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

export const MEMBER_TYPE_LABELS: Record<MemberType, string> = {
  HEAD_TRAINER: 'Vedoucí trenér',
  TRAINER: 'Trenér',
  ATHLETE: 'Závodník',
};
