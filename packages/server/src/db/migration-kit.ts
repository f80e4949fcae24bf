/**
 * The newest migration kit (migrations/kit/), which new migrations are generated against: the live
 * code that must agree with it — the generator's table model and comparison, the tests that create
 * fixture tables as a generated migration would — takes it from here. A new kit version is one line
 * below.
 */
export * from './migrations/kit/v2/index.ts';

/** The folder of that kit under migrations/kit/, for the imports the generator writes. */
export const MIGRATION_KIT = 'v2';
