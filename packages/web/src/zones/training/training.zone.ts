/** The training zone's own screens (one lazy chunk); its lists and forms are the engine's generic ones. */
export { BulkSetupPage } from './bulk-setup-page.tsx';
