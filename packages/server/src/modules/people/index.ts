/** What other modules may use of the people module: the sets their row rules are made of. */

export {
  children,
  isOwnMember,
  isOwnOrTrainee,
  isTrainedGroup,
  isTrainer,
  noRow,
  officeOnly,
  ownGroups,
  personal,
  selfMembers,
  trainedGroups,
  trainees,
} from './people.ts';
export { myClub } from './my-club.service.ts';
