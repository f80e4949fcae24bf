/** The web zone's own screens (one lazy chunk): the web configuration and the team's order. */
export { TeamOrderPage } from './team-order-page.tsx';
export { WebConfigurationPage } from './web-configuration-page.tsx';
