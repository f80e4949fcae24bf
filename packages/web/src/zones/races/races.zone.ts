/** The races' own screens (one lazy chunk): the race form with its entries and results. */
export { RaceFormPage } from './race-form-page.tsx';
