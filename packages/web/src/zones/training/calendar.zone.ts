/** The week's calendar of trainings (one lazy chunk). */
export { WeekCalendarPage } from './week-calendar-page.tsx';
