import type { EntityRecord, Role } from '@klubovna/shared';
import type { DynamicDb, RowCondition } from './rows.types.ts';

/** What a sign-up list's `more` is given: the list's transaction and who reads it. */
export interface SignUpListReading {
  db: DynamicDb;
  roles: readonly Role[];
  /** The rows of an entity the person may read, as `ActionContext.rowsOf`; refused (403) outside their areas. */
  rowsOf(alias: string): RowCondition;
}

/**
 * A sign-up list, declared on the entity of the sign-ups. From it the engine keeps, in the transaction
 * of each write: one sign-up per member and parent; none on a later day than the parent's deadline;
 * places up to the parent's capacity, the next sign-ups waiting in order, the first waiting moving up
 * when a place frees or the capacity grows (a smaller one moves nobody out); a sign-up never moved to
 * another parent. The parent gets the action `participants` listing its sign-ups.
 */
/**
 * A sign-up list; `Work` is what its `effects` are given (`SignUpWork` of entity.types.ts, which names
 * the compiled registry this file cannot import without a cycle).
 */
export interface SignUpsDeclarationOf<Work> {
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
    /**
     * More of each row, read in one go for the listed sign-ups (each one's payment request) and given
     * by sign-up id; rows it says nothing of keep what they have. Default none.
     */
    more?: (
      reading: SignUpListReading,
      parent: EntityRecord,
      signUps: readonly { id: number; memberId: number }[],
    ) => Promise<ReadonlyMap<number, Record<string, unknown>>>;
  };
  /**
   * A module's work beside the sign-ups, in the transaction of the write (a camp's fee asked as a
   * payment request): `placed` when a sign-up gets a place (a new one with a place, each new one of a
   * list without places, a waiting one moving up), `left` after a sign-up is deleted, given the
   * sign-up as it was, its parent and whether it went with it (`withParent`: the parent is being
   * deleted, still there when `left` runs) or was signed off; `changed` after the parent is updated,
   * given it as it was and the sign-ups with a place (its price followed); `restored` after the parent
   * comes back from the trash, with what pointed at it linked again. None runs for the rows of an
   * import, which bring records as they were, nor for the places an import's change of capacity frees.
   * Default none.
   */
  effects?: {
    placed?: (work: Work, signUp: EntityRecord, parent: EntityRecord) => Promise<void>;
    left?: (
      work: Work,
      signUp: EntityRecord,
      parent: EntityRecord,
      how: { withParent: boolean },
    ) => Promise<void>;
    changed?: (
      work: Work,
      parent: EntityRecord,
      previous: EntityRecord,
      placed: readonly EntityRecord[],
    ) => Promise<void>;
    restored?: (work: Work, parent: EntityRecord) => Promise<void>;
  };
}
