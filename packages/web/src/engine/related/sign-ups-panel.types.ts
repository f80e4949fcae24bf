import type { EntityRecord, SignUpList, SignUpRow } from '@klubovna/shared';
import type { ReactNode } from 'react';

export type Values = Record<string, unknown>;

/** What a column's cell may do with its row's sign-up: edit its fields, or save a change at once. */
export interface RowEditor {
  /** The member as sentences name them, for the inputs' accessible names (`Čas – Eva Čermáková`). */
  name: string;
  /** A field's value as changed since the row was last saved, else `saved`. */
  value<T>(field: string, saved: T): T;
  /** Keeps a change of a field, saved by the row's "Uložit". */
  change(field: string, value: unknown): void;
  /** Saves a change at once (a payment state chosen), saying `success` when it is saved. */
  saveNow(values: Values, success: string): void;
  /** The server's refusal of the field at the row's last save. */
  error(field: string): string | undefined;
}

/** One column of the list beside the member's name. */
export interface SignUpColumn<Row extends SignUpRow, List extends SignUpList<Row>> {
  header: string;
  cell: (row: Row, edit: RowEditor, list: List) => ReactNode;
}

export interface SignUpsPanelProps<Row extends SignUpRow, List extends SignUpList<Row>> {
  /** The sign-ups' entity (`camp-participant`) and its relations to the record and to the member. */
  alias: string;
  parentField: string;
  /** Default `member`, an entity of that alias. */
  memberField?: string;
  /** The record the panel is under, as last saved. */
  owner: EntityRecord;
  /** Where its sign-up list is read (`API_PATHS.campParticipants` of the record). */
  url: string;
  /** Heading, and the name of the table of those with a place (`Účastníci`). */
  title: string;
  columns: SignUpColumn<Row, List>[];
  /** The sign-ups have places: the heading counts them against the capacity and a waiting list shows. */
  waitingList?: boolean;
  /** Each row gets an "Uložit" button that saves what its inputs changed; default none. */
  savedByRow?: boolean;
  /** The message once `label` is signed up (or waits for a place). */
  signedUp: (label: string, waiting: boolean) => string;
  /** What the confirmation of removing one with a place adds (`Smaže se i zapsaný výsledek.`). */
  removeMessage?: string;
  /** Beside the heading (exports). */
  headerActions?: (list: List) => ReactNode;
  /** Inputs beside the member picker whose values go with the sign-up (a race's category). */
  signUpInputs?: (list: List, values: Values, change: (values: Values) => void) => ReactNode;
  /** A sentence under the picker (when results may be entered). */
  notice?: (list: List) => ReactNode;
  /** The tables' narrowest width before they scroll; default 560. */
  minWidth?: number;
}
