/** The camps' own screens (one lazy chunk): the camp form with its participants and waiting list. */
export { CampFormPage } from './camp-form-page.tsx';
