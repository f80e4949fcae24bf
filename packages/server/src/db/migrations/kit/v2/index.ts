/**
 * Migration kit v2: v1 unchanged (see its index for what a kit is and why it is frozen), and PostgreSQL's
 * trigram entries of the ranked search in their narrower form (ranked-search-postgres.ts). Nothing in
 * this folder is ever edited either.
 */
export * from '../v1/index.ts';
export * from './ranked-search-postgres.ts';
