/** The training zone's own screens (one lazy chunk); its other lists and forms are the engine's generic ones. */
export { AttendancePage } from './attendance-page.tsx';
export { BulkSetupPage } from './bulk-setup-page.tsx';
export { GroupFormPage } from './group-form-page.tsx';
export { SeriesPage } from './series-page.tsx';
export { StatsPage } from './stats-page.tsx';
export { TrainingFormPage } from './training-form-page.tsx';
export { WeekCalendarPage } from './week-calendar-page.tsx';
