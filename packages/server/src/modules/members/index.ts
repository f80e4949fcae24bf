/** What other modules may use of the members module. */
export { consentInForce } from './consents.ts';
export { seedMembers } from './seed-members.ts';
