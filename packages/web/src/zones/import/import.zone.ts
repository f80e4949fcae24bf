/** Import of CSV and XLSX files into any entity (one lazy chunk). */
export { ImportPage } from './import-page.tsx';
