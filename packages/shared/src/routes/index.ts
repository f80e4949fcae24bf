export * from './build-url.ts';
export * from './route-preloads.ts';
export * from './route-table.ts';
