/** One changed field of a history entry: the values as stored, and as a person reads them. */
export interface HistoryChange {
  field: string;
  label: string;
  from: unknown;
  to: unknown;
  fromText: string;
  toText: string;
}

/** One write of a record: who, when, what. */
export interface HistoryEntry {
  id: number;
  action: 'create' | 'update' | 'delete' | 'action';
  /** The action's name for `action` entries. */
  actionName: string | null;
  at: string;
  user: { id: number; name: string } | null;
  changes: HistoryChange[];
}
