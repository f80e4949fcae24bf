import type { DatagridSchema } from '@klubovna/shared';
import { describe, expect, it } from 'vitest';
import { MEMBER_GRID } from '../test/engine-fixtures.ts';
import { countLabel, countObject, recordName, recordObject } from './labels.ts';

const labels = { singular: 'Člen', plural: 'Členové', count: { one: 'člen', few: 'členové', many: 'členů' } };

describe('labels', () => {
  it('count in Czech plural forms', () => {
    expect(countLabel(labels, 0)).toBe('0 členů');
    expect(countLabel(labels, 1)).toBe('1 člen');
    expect(countLabel(labels, 3)).toBe('3 členové');
    expect(countLabel(labels, 1234, (n) => n.toLocaleString('cs-CZ'))).toBe('1\u00a0234 členů');
    expect(countLabel({ singular: 'Tag', plural: 'Tagy' }, 7)).toBe('7 × Tagy');
  });

  it('name a person first name first, by the name fields the server declares', () => {
    const record = { id: 5, version: 1, lastName: 'Řehořová', firstName: 'Šárka' };
    expect(recordName(MEMBER_GRID, record)).toBe('Šárka Řehořová');
    expect(recordName(MEMBER_GRID, { id: 5, version: 1, lastName: '', firstName: null })).toBe('Člen č. 5');
  });

  it('make a record or a count the object of a verb without declining a name', () => {
    const record = { id: 5, version: 1, lastName: 'Řehořová', firstName: 'Šárka' };
    expect(`Smazat ${recordObject(MEMBER_GRID, record)}?`).toBe('Smazat člena Šárka Řehořová?');
    expect([1, 3, 5].map((count) => countObject(MEMBER_GRID.labels, count))).toEqual([
      '1 člena',
      '3 členy',
      '5 členů',
    ]);
    const undeclined = { labels: { singular: 'Tag', plural: 'Tagy' }, nameFields: ['name'] } as Pick<
      DatagridSchema,
      'labels' | 'nameFields'
    >;
    expect(recordObject(undeclined, { id: 1, version: 1, name: 'Běh' })).toBe('záznam „Běh“');
    expect(countObject(undeclined.labels, 2)).toBe('2 záznamy');
  });
});
