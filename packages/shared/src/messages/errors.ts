/** Machine codes of API errors and their default Czech texts, shared by server and client. */
export const ERROR_MESSAGES = {
  BAD_REQUEST: 'Požadavek není platný.',
  VALIDATION_FAILED: 'Některé údaje nejsou vyplněny správně.',
  MALFORMED_JSON: 'Tělo požadavku není platný JSON.',
  UNAUTHORIZED: 'Nejste přihlášeni.',
  INVALID_CREDENTIALS: 'Nesprávný e-mail nebo heslo.',
  FORBIDDEN: 'K této akci nemáte oprávnění.',
  CSRF_REJECTED: 'Požadavek byl odmítnut z bezpečnostních důvodů. Obnovte stránku a zkuste to znovu.',
  NOT_FOUND: 'Požadovaná položka neexistuje.',
  CONFLICT: 'Záznam mezitím změnil někdo jiný.',
  PAYLOAD_TOO_LARGE: 'Odeslaná data jsou příliš velká.',
  UNSUPPORTED_MEDIA_TYPE: 'Nepodporovaný formát dat.',
  TOO_MANY_REQUESTS: 'Příliš mnoho pokusů. Zkuste to prosím za chvíli.',
  INVALID_TOKEN: 'Odkaz pro obnovu hesla je neplatný nebo vypršel. Požádejte o nový.',
  WRONG_CURRENT_PASSWORD: 'Současné heslo není správné.',
  TWO_FACTOR_SETUP_REQUIRED:
    'Hlavní správce vyžaduje pro vaši roli dvoufázové přihlášení. Zapněte si ho ve svém profilu.',
  INSUFFICIENT_STORAGE:
    'Na serveru došlo místo na disku, proto se nic neuložilo. Uložená data jsou v pořádku; zkuste to znovu, až správce místo uvolní.',
  REQUEST_TIMEOUT: 'Požadavek nedorazil celý včas. Zkuste to prosím znovu.',
  HEADERS_TOO_LARGE: 'Hlavičky požadavku jsou příliš velké.',
  URI_TOO_LONG: 'Adresa požadavku je příliš dlouhá.',
  NOT_READY: 'Server není připraven přijímat požadavky.',
  INTERNAL: 'Na serveru došlo k chybě. Zkuste to prosím znovu.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Shown by the client when the failed response carries no message of its own. */
export const GENERIC_CLIENT_ERROR = 'Vyskytla se chyba.';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
