import { describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from './paths.ts';

describe('API paths', () => {
  it('fills every parameter, encoded as one segment', () => {
    expect(apiPath(API_PATHS.form, { alias: 'member', id: 7 })).toBe('/api/cms/form/member/7');
    expect(apiPath(API_PATHS.datagridAutocomplete, { name: 'group member', column: 'a/b' })).toBe(
      '/api/cms/datagrid/autocomplete/group%20member/a%2Fb',
    );
    expect(apiPath(API_PATHS.tables)).toBe('/api/cms/tables');
  });

  it('are unique and all under /api', () => {
    const paths = Object.values(API_PATHS);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/api\//);
  });
});
