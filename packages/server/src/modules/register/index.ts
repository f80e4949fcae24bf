/** What other modules may use of the register module: who it reports and what it would refuse. */
export { type RegisterMember, registerMembers, registerProblems } from './register.service.ts';
