/** What other modules may use of the register module: who it reports and what it would refuse. */
export { registerMembers, registerProblems } from './register.service.ts';
