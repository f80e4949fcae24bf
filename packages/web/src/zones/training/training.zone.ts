/**
 * The training zone's forms (one lazy chunk); each of its other screens is a chunk of its own, so a
 * screen loads only the code it renders. Its other lists and forms are the engine's generic ones.
 */
export { GroupFormPage } from './group-form-page.tsx';
export { TrainingFormPage } from './training-form-page.tsx';
