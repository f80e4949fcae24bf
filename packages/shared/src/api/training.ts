/** Answer of the group entity's `setup-candidates` action: what the bulk group setup screen shows. */
export interface GroupSetupCandidates {
  /** The day the setup takes effect; `groupIds` are the groups from that day on. */
  from: string;
  /** Each category's age range in years, inclusive, as the category declares it (null: open). */
  categories: Array<{ id: number; name: string; ageFrom: number | null; ageTo: number | null }>;
  groups: Array<{ id: number; name: string; categoryId: number | null; capacity: number | null }>;
  members: Array<{
    id: number;
    firstName: string;
    lastName: string;
    birthYear: number | null;
    memberType: string | null;
    active: boolean;
    /** Groups the member is in on `from` or later. */
    groupIds: number[];
  }>;
}

/** Answer of the group entity's `set-members` action. */
export interface GroupMembersSaved {
  added: number;
  removed: number;
  /** Staying members whose membership began after the chosen day and now begins on it. */
  backdated: number;
  members: number;
}

/** One date of a planned series of trainings, with its start and end as UTC instants. */
export interface PlannedTraining {
  date: string;
  startsAt: string;
  endsAt: string;
}

/** Answer of the training entity's `create-series` action (with `preview`, nothing is created). */
export interface TrainingSeriesPlan {
  trainings: PlannedTraining[];
  /** Dates the weekdays hit but the series leaves out, with the Czech reason. */
  skipped: Array<{ date: string; reason: string }>;
  created: number;
}

export const ATTENDANCE_STATUSES = ['PRESENT', 'ABSENT', 'EXCUSED'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  PRESENT: 'Přítomen',
  ABSENT: 'Nepřítomen',
  EXCUSED: 'Omluven',
};

/** Answer of the attendance entity's `sheet` action: a training and who belongs on it. */
export interface AttendanceSheet {
  training: {
    id: number;
    title: string;
    startsAt: string;
    endsAt: string;
    place: string | null;
    cancelled: boolean;
    cancelReason: string | null;
    groupId: number;
    groupName: string;
  };
  members: Array<{
    memberId: number;
    firstName: string;
    lastName: string;
    status: AttendanceStatus | null;
    note: string | null;
  }>;
}

/** Answer of the attendance entity's `stats` action. */
export interface AttendanceStats {
  group: { id: number; name: string };
  from: string;
  to: string;
  /** Trainings in the range, cancelled ones left out. */
  trainings: number;
  /** Present of all the members' trainings, 0–1; null without any. */
  share: number | null;
  members: Array<{
    memberId: number;
    firstName: string;
    lastName: string;
    trainings: number;
    present: number;
    absent: number;
    excused: number;
    unmarked: number;
    share: number | null;
  }>;
}

/** One training of the training entity's `calendar` action. */
export interface CalendarTraining {
  id: number;
  startsAt: string;
  endsAt: string;
  place: string | null;
  cancelled: boolean;
  groupId: number;
  groupName: string;
  /** The category's colour, else the group's; null without either. */
  color: string | null;
}
