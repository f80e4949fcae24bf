/** A record found by the command palette's search across every entity. */
export interface RecordSearchHit {
  /** The entity's alias: its edit screen is found in the route table by it. */
  alias: string;
  /** The entity's name in the singular, e.g. "Člen". */
  entity: string;
  id: number;
  label: string;
  /** What tells it apart from records of the same label ("2012 · Sportovec · Žáci"); absent when none. */
  detail?: string;
}
