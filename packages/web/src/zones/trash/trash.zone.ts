/** The trash (Koš): deleted records of every entity, to restore or delete for good (one lazy chunk). */
export { TrashPage } from './trash-page.tsx';
