export * from './api/envelope.ts';
export * from './api/schema.ts';
export * from './domain/roles.ts';
export * from './messages/errors.ts';
export * from './permissions/matrix.ts';
