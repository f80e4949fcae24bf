import type { EntityDeclaration } from '../engine/declaration/entity.types.ts';
import { campEntity } from './camps/camp.entity.ts';
import { campParticipantEntity } from './camps/camp-participant.entity.ts';
import { articleEntity } from './content/article.entity.ts';
import { authorEntity } from './content/author.entity.ts';
import { contentCategoryEntity } from './content/content-category.entity.ts';
import { tagEntity } from './content/tag.entity.ts';
import { jobEntity } from './jobs/job.entity.ts';
import { medicalCheckEntity } from './medical/medical-check.entity.ts';
import { consentEntity } from './members/consent.entity.ts';
import { guardianEntity } from './members/guardian.entity.ts';
import { memberEntity } from './members/member.entity.ts';
import { bankTransactionEntity } from './payments/bank-transaction.entity.ts';
import { feeEntity } from './payments/fee.entity.ts';
import { paymentEntity } from './payments/payment.entity.ts';
import { profileMemberEntity } from './profiles/profile-member.entity.ts';
import { raceEntity } from './races/race.entity.ts';
import { raceParticipantEntity } from './races/race-participant.entity.ts';
import { reminderDeliveryEntity } from './reminders/reminder-delivery.entity.ts';
import { attendanceEntity } from './training/attendance.entity.ts';
import { categoryEntity } from './training/category.entity.ts';
import { groupEntity } from './training/group.entity.ts';
import { groupCalendarEntity } from './training/group-calendar.entity.ts';
import { groupMemberEntity } from './training/group-member.entity.ts';
import { trainingEntity } from './training/training.entity.ts';
import { userEntity } from './users/user.entity.ts';
import { eventEntity } from './web/event.entity.ts';
import { sponsorEntity } from './web/sponsor.entity.ts';
import { teamMemberEntity } from './web/team-member.entity.ts';
import { webConfigurationEntity } from './web/web-configuration.entity.ts';

/**
 * Every entity the product declares: one line each. Their tables, API and screens follow from this list;
 * its order is the order of their lists in each zone of the navigation.
 */
export const DECLARATIONS: readonly EntityDeclaration[] = [
  userEntity,
  jobEntity,
  reminderDeliveryEntity,
  memberEntity,
  guardianEntity,
  consentEntity,
  medicalCheckEntity,
  categoryEntity,
  groupEntity,
  groupMemberEntity,
  groupCalendarEntity,
  trainingEntity,
  attendanceEntity,
  campEntity,
  campParticipantEntity,
  raceEntity,
  raceParticipantEntity,
  profileMemberEntity,
  articleEntity,
  authorEntity,
  tagEntity,
  contentCategoryEntity,
  eventEntity,
  teamMemberEntity,
  sponsorEntity,
  webConfigurationEntity,
  paymentEntity,
  feeEntity,
  bankTransactionEntity,
];
