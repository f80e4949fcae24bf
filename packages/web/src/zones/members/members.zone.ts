/** The members' own screens (one lazy chunk): the member form with races and profiles, bulk pairing, the sport register. */
export { BulkPairingPage } from './bulk-pairing-page.tsx';
export { MemberFormPage } from './member-form-page.tsx';
export { SportRegisterPage } from './sport-register-page.tsx';
