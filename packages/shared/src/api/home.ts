import type { Money } from '../domain/money.ts';

/** How a line of a home tile asks for attention. */
export type HomeTone = 'neutral' | 'warning' | 'danger';

/** One line of a home tile: a record that needs doing, and where to do it. */
export interface HomeItem {
  label: string;
  detail: string;
  /** The back office's address where it is done (a form, the attendance screen). */
  link: string | null;
  tone: HomeTone;
}

/** A group's share of attendances marked present, week by week (Monday's date), oldest first. */
export interface HomeTrend {
  groupId: number;
  groupName: string;
  weeks: Array<{ week: string; present: number; marked: number }>;
}

/** A tile of the home screen: what needs doing in one matter, counted, with the first few records. */
export interface HomeTile {
  key: string;
  title: string;
  /** How many records need doing (the items are the first few of them). */
  count: number;
  /** One sentence in Czech saying what the count means, or that nothing waits. */
  summary: string;
  /** The list the tile stands for, filtered to what it counts. */
  link: string | null;
  linkLabel: string | null;
  items: HomeItem[];
  /** Sums still to pay, one per currency (tiles about money). */
  amounts?: Money[];
  /** Attendance trends, one per group (the trainer's tile). */
  trends?: HomeTrend[];
}

/** `GET /api/cms/home`: the signed-in person's home screen, tiles in the order shown. */
export interface Home {
  tiles: HomeTile[];
}
