/** The bulk setup of a group's members (one lazy chunk). */
export { BulkSetupPage } from './bulk-setup-page.tsx';
