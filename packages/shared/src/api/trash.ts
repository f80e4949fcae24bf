/** A deleted record waiting in the trash (Koš): what it was, who deleted it and when. */
export interface TrashEntry {
  id: number;
  /** The entity's alias and its Czech name. */
  entity: string;
  entityLabel: string;
  /** The entity's noun in the accusative (`člena`), to name the record in a sentence: `Smazat natrvalo člena Jan Čermák?`. */
  entityAccusative: string;
  /** The record's id, kept when it is restored. */
  recordId: number;
  /** The record's name as it was (a member's name first name first, an article's title…). */
  label: string;
  deletedAt: string;
  deletedBy: { id: number; name: string } | null;
  /** Whether the user may restore it or delete it for good (write access to its entity). */
  canRestore: boolean;
}

/** One page of the trash, newest first. */
export interface TrashPage {
  items: TrashEntry[];
  total: number;
  page: number;
  limit: number;
  /** Days a record stays in the trash before it is deleted for good. */
  retentionDays: number;
}

/** What a restore did: the record back under its id, and how many lost links were put back. */
export interface TrashRestoreResult {
  entity: string;
  recordId: number;
  relinked: number;
}
