/** The members' bulk pairing and the sport register (one lazy chunk); the member form is a chunk of its own. */
export { BulkPairingPage } from './bulk-pairing-page.tsx';
export { SportRegisterPage } from './sport-register-page.tsx';
