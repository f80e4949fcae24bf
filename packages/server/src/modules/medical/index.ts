/** What other modules may use of the medical module. */
export { EXPIRING_DAYS, validityConditions } from './medical-check.filters.ts';
export { hasValidCheck } from './medical-check.rules.ts';
