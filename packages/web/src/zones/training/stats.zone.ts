/** The attendance statistics (one lazy chunk). */
export { StatsPage } from './stats-page.tsx';
