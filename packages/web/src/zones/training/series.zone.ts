/** The planning of a training series (one lazy chunk). */
export { SeriesPage } from './series-page.tsx';
