// What other modules may use of the auth module.
export { userFields } from './auth.answers.ts';
export { deleteAttemptsBefore } from './auth-attempts.repository.ts';
export { deleteSpentTokens, replaceToken } from './password-tokens.repository.ts';
export { LONGEST_LIMIT_WINDOW_MS } from './rate-limits.ts';
export { emailSchema, hashPassword, passwordSchema, randomToken, sha256 } from './secrets.ts';
export { deleteExpiredSessions, deleteUserSessions } from './sessions.repository.ts';
export { clearTwoFactor } from './two-factor.service.ts';
export { userDeclaration } from './user-declaration.ts';
export {
  expireInvitations,
  findUserByEmailIgnoringCase,
  findUserById,
  insertUser,
  parseRoles,
  toUserDto,
  type UserRow,
  updatePasswordHash,
} from './users.repository.ts';
