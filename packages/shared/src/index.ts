export * from './api/camps-races.ts';
export * from './api/datagrid-settings.ts';
export * from './api/envelope.ts';
export * from './api/history.ts';
export * from './api/import.ts';
export * from './api/my-club.ts';
export * from './api/page-meta.ts';
export * from './api/paths.ts';
export * from './api/profiles.ts';
export * from './api/record-search.ts';
export * from './api/schema.ts';
export * from './api/sign-ups.ts';
export * from './api/training.ts';
export * from './api/trash.ts';
export * from './api/users.ts';
export * from './domain/consent.ts';
export * from './domain/currency.ts';
export * from './domain/enum-options.ts';
export * from './domain/member-type.ts';
export * from './domain/roles.ts';
export * from './domain/sort-direction.ts';
export * from './domain/visibility.ts';
export * from './messages/errors.ts';
export * from './permissions/matrix.ts';
export * from './query/query-params.ts';
export * from './routes/index.ts';
// Field validation (Zod) is imported from '@klubovna/shared/validation/field-schema' only where it runs:
// through this barrel it would land in every bundle, the sign-in page's included.
