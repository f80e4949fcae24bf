/** Answer of the group entity's `setup-candidates` action: what the bulk group setup screen shows. */
export interface GroupSetupCandidates {
  categories: Array<{ id: number; name: string }>;
  groups: Array<{ id: number; name: string; categoryId: number | null; capacity: number | null }>;
  members: Array<{
    id: number;
    firstName: string;
    lastName: string;
    birthYear: number | null;
    memberType: string | null;
    active: boolean;
    /** Groups the member is in today. */
    groupIds: number[];
  }>;
}

/** Answer of the group entity's `set-members` action. */
export interface GroupMembersSaved {
  added: number;
  removed: number;
  members: number;
}
