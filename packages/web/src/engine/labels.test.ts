import type { DatagridSchema } from '@klubovna/shared';
import { describe, expect, it } from 'vitest';
import { countLabel, recordLabel } from './labels.ts';

const labels = { singular: 'Člen', plural: 'Členové', count: { one: 'člen', few: 'členové', many: 'členů' } };

describe('labels', () => {
  it('count in Czech plural forms', () => {
    expect(countLabel(labels, 0)).toBe('0 členů');
    expect(countLabel(labels, 1)).toBe('1 člen');
    expect(countLabel(labels, 3)).toBe('3 členové');
    expect(countLabel(labels, 1234, (n) => n.toLocaleString('cs-CZ'))).toBe('1\u00a0234 členů');
    expect(countLabel({ singular: 'Tag', plural: 'Tagy' }, 7)).toBe('7 × Tagy');
  });

  it('name a record by its declared label fields', () => {
    const schema = { labels, labelFields: ['lastName', 'firstName'] } as unknown as DatagridSchema;
    expect(recordLabel(schema, { id: 5, version: 1, lastName: 'Čermák', firstName: 'Jan' })).toBe(
      'Čermák Jan',
    );
    expect(recordLabel(schema, { id: 5, version: 1, lastName: '', firstName: null })).toBe('Člen č. 5');
  });
});
