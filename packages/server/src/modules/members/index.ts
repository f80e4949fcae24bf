/** What other modules may use of the members module. */
export { seedMembers } from './seed-members.ts';
