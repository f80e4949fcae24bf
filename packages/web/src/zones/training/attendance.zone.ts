/** The attendance screen (one lazy chunk). */
export { AttendancePage } from './attendance-page.tsx';
