import type { EntityRecord } from '@klubovna/shared';

/**
 * A sign-up list, declared on the entity of the sign-ups. From it the engine keeps, in the transaction
 * of each write: one sign-up per member and parent; none on a later day than the parent's deadline;
 * places up to the parent's capacity, the next sign-ups waiting in order, the first waiting moving up
 * when a place frees or the capacity grows (a smaller one moves nobody out); a sign-up never moved to
 * another parent. The parent gets the action `participants` listing its sign-ups.
 */
export interface SignUpsDeclaration {
  /** The required relation naming what one signs up for (`camp`), deleting its sign-ups with it. */
  parent: string;
  /** The required relation naming who signs up (`member`). */
  member: string;
  /**
   * Places and a waiting list. Default none: everyone signed up takes part, and the list is in the
   * order of the members' labels.
   */
  places?: {
    /** An integer field of the parent: how many have a place; empty for no limit. */
    capacity: string;
    /** A read-only enum field of this entity with the values of `SIGN_UP_STATUS_OPTIONS`, kept by the engine. */
    status: string;
    /** A read-only integer field of this entity, kept by the engine: the order of the sign-ups. */
    queue: string;
  };
  /**
   * A date field of the parent: from the day after it, sign-ups by a person whom the sign-ups' row
   * rules limit are refused (the office, whom they do not, still signs up latecomers); default none.
   */
  deadline?: string;
  /** A read-only text field kept as "<member's name> – <parent's label>", to name the sign-up; default none. */
  title?: string;
  /**
   * The refusal of a member's second sign-up for one parent, given their names (the member as
   * sentences name them), the member's record and whether the first sign-up waits; default a
   * sentence of those names.
   */
  twice?: (signUp: {
    member: string;
    parent: string;
    memberRecord: EntityRecord;
    waiting: boolean;
  }) => string;
  /** The parent's action listing its sign-ups (GET, read access): what each row and the answer hold. */
  list: {
    /** Its route, with `:id` the parent's (`API_PATHS.campParticipants`). */
    path: string;
    /** Czech name of what it does. */
    label: string;
    /** Fields of this entity each row holds besides who it is and where they stand. */
    fields: readonly string[];
    /** Fields of the member each row holds (`birthDate`); default none. */
    memberFields?: readonly string[];
    /** More of the answer, from the parent (a race's categories); default none. */
    details?: (parent: EntityRecord) => Record<string, unknown>;
  };
}
