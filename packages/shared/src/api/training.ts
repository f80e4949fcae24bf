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

/** One membership of a group, with the member's name. */
export interface GroupMembership {
  id: number;
  groupId: number;
  groupName: string;
  memberId: number;
  firstName: string;
  lastName: string;
  validFrom: string;
  /** The last day; null while it lasts. */
  validTo: string | null;
  role: string | null;
  version: number;
}

/** Answer of `groupMembers`: a page of memberships by the members' surnames. */
export interface GroupMembersPage {
  items: GroupMembership[];
  total: number;
  page: number;
  limit: number;
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

/** A date the weekdays of a series hit but the series leaves out. */
export interface SkippedDate {
  date: string;
  /** Czech reason: the holiday's name, or that it was listed. */
  reason: string;
}

/** Answer of the training entity's `create-series` action (with `preview`, nothing is created). */
export interface TrainingSeriesPlan {
  trainings: PlannedTraining[];
  skipped: SkippedDate[];
  created: number;
  /** The key the created trainings share; none in a preview. */
  series?: string;
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
    /** The training's day in Prague, YYYY-MM-DD. */
    date: string;
  };
  members: Array<{
    memberId: number;
    firstName: string;
    lastName: string;
    status: AttendanceStatus | null;
    note: string | null;
  }>;
}

/** One member's attendance over the range of `AttendanceStats` (a type, so it may be a spreadsheet's row). */
export type MemberAttendance = {
  memberId: number;
  firstName: string;
  lastName: string;
  /** Trainings the member belonged to. */
  trainings: number;
  present: number;
  absent: number;
  excused: number;
  unmarked: number;
  /** Present of the trainings the member belonged to, 0–1; null without any. */
  share: number | null;
};

/** Answer of the attendance entity's `stats` action. */
export interface AttendanceStats {
  group: { id: number; name: string };
  from: string;
  to: string;
  /** Trainings in the range, cancelled ones left out. */
  trainings: number;
  /** Present of all the members' trainings, 0–1; null without any. */
  share: number | null;
  members: MemberAttendance[];
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
