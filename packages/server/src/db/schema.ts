import type { Generated } from 'kysely';

/** Booleans are stored as 0/1 on SQLite and as boolean on PostgreSQL; read them with `Boolean()`. */
export type DbBoolean = number | boolean;
/** Date-times are ISO 8601 strings in UTC on both engines (see database.ts for PostgreSQL's parser). */
export type DbDateTime = string;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  /** JSON array of role names. */
  roles: string;
  active: DbBoolean;
  version: Generated<number>;
  created_at: DbDateTime;
  updated_at: DbDateTime;
  /** Null until the first sign-in. */
  last_login_at: Generated<DbDateTime | null>;
  /** Base32 TOTP secret: set while two-factor sign-in is being turned on, kept while it is on. */
  totp_secret: Generated<string | null>;
  /** When two-factor sign-in was turned on; null while it is off. */
  totp_enabled_at: Generated<DbDateTime | null>;
  /** The last TOTP time step used, so a code is never accepted twice. */
  totp_last_step: Generated<number | string | null>;
  /** The engine's derived columns of the user entity (see modules/auth/user-declaration.ts). */
  first_name_sort: string;
  last_name_sort: string;
  email_sort: string;
  search_text: Generated<string>;
  /** Where the invitation stands: 'none' (has a password), 'pending' or 'expired'. */
  invitation: Generated<string | null>;
  /** When the last invitation link stops working; null when none is open. */
  invitation_expires_at: Generated<DbDateTime | null>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value; the cookie itself is never stored. */
  id_hash: string;
  user_id: number;
  created_at: DbDateTime;
  last_seen_at: DbDateTime;
  expires_at: DbDateTime;
  ip: string | null;
  user_agent: string | null;
}

/** A user's recent sign-ins (the newest few are kept), shown in their profile. */
export interface SignInsTable {
  id: Generated<number>;
  user_id: number;
  created_at: DbDateTime;
  ip: string | null;
  user_agent: string | null;
}

/** An e-mail change waiting for the link mailed to the new address (one per user). */
export interface EmailChangesTable {
  id: Generated<number>;
  user_id: number;
  new_email: string;
  token_hash: string;
  created_at: DbDateTime;
  expires_at: DbDateTime;
}

/** Single-use codes for signing in without the authenticator (SHA-256 of each). */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: DbDateTime | null;
}

/** Settings of the whole app kept by a root, by key; the value is JSON. */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: DbDateTime;
}

export interface PasswordTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: DbDateTime;
  expires_at: DbDateTime;
  used_at: DbDateTime | null;
  /** Who sent the invitation this token is the link of; null for a forgotten password's link. */
  created_by: Generated<number | null>;
}

/** An e-mail reminder sent: of a kind, about a subject (a training, an invitation), to an address. */
export interface ReminderDeliveriesTable {
  id: Generated<number>;
  kind: string;
  subject: string;
  email: string;
  sent_at: DbDateTime;
  delivery_key: string;
  search_text: Generated<string>;
  version: Generated<number>;
  created_at: DbDateTime;
  updated_at: DbDateTime;
}

export interface AuthAttemptsTable {
  id: Generated<number>;
  /** 'login' or 'forgotten-password'. */
  action: string;
  /** 'ip:…' or 'account:…'. */
  subject: string;
  created_at: DbDateTime;
}

export interface UserConfigsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** JSON text. */
  data: string;
  updated_at: DbDateTime;
}

export interface FilesTable {
  id: Generated<number>;
  namespace: string;
  storage_key: string;
  thumbnail_key: string | null;
  original_name: string;
  mime_type: string;
  size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  uploaded_by: number | null;
  created_at: DbDateTime;
}

/** Who changed which record of which entity, and how: `changes` is JSON (field → {from, to}, or an action's name and input). */
export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  entity: string;
  /** 0 for an action that names no record. */
  record_id: number;
  /** `read`: the office read a record's sensitive data in full. */
  action: 'create' | 'update' | 'delete' | 'action' | 'read';
  changes: string;
  created_at: DbDateTime;
}

/**
 * A deleted record in the trash: `record` is the record as the API served it (JSON), `unlinked` the
 * links other records lost when it was deleted (JSON list of `{ entity, id, field }`), to put back.
 */
export interface TrashTable {
  id: Generated<number>;
  entity: string;
  record_id: number;
  label: string;
  search_label: string;
  record: string;
  unlinked: string;
  deleted_by: number | null;
  deleted_at: DbDateTime;
}

/** An upload a trashed record points at (housekeeping keeps it while the record may come back). */
export interface TrashFilesTable {
  trash_id: number;
  file_id: number;
}

export interface Database {
  audit_log: AuditLogTable;
  trash: TrashTable;
  trash_files: TrashFilesTable;
  user_configs: UserConfigsTable;
  files: FilesTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_tokens: PasswordTokensTable;
  auth_attempts: AuthAttemptsTable;
  sign_ins: SignInsTable;
  email_changes: EmailChangesTable;
  recovery_codes: RecoveryCodesTable;
  app_settings: AppSettingsTable;
  reminder_deliveries: ReminderDeliveriesTable;
}
