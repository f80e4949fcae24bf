import { describe, expect, it } from 'vitest';
import {
  datagridParams,
  defaultSettings,
  filterParams,
  filtersFromAddress,
  firstPageParams,
  parseSettings,
} from './datagrid-settings.ts';
import type { DatagridSchema } from './schema.ts';

const schema = {
  name: 'member',
  columns: [
    { key: 'lastName', label: 'Příjmení', kind: 'text', sortable: true, filter: null, defaultVisible: true },
    {
      key: 'note',
      label: 'Poznámka',
      kind: 'longText',
      sortable: false,
      filter: null,
      defaultVisible: false,
    },
    {
      key: 'active',
      label: 'Aktivní',
      kind: 'boolean',
      sortable: true,
      filter: 'boolean',
      defaultVisible: true,
    },
    {
      key: 'birthDate',
      label: 'Narozen',
      kind: 'date',
      sortable: true,
      filter: 'dateRange',
      defaultVisible: true,
    },
  ],
  defaultSort: { column: 'lastName', direction: 'asc' },
  pageSizes: [10, 25, 50, 100],
  defaultPageSize: 25,
} as unknown as DatagridSchema;

describe('datagrid settings', () => {
  it('start from the declaration', () => {
    expect(defaultSettings(schema)).toEqual({
      pageSize: 25,
      sort: { column: 'lastName', direction: 'asc' },
      columns: [
        { key: 'lastName', visible: true },
        { key: 'note', visible: false },
        { key: 'active', visible: true },
        { key: 'birthDate', visible: true },
      ],
      filters: {},
    });
  });

  it('keep what was stored when it still fits the schema', () => {
    const stored = {
      pageSize: 10,
      sort: { column: 'birthDate', direction: 'desc' },
      columns: [
        { key: 'birthDate', visible: true },
        { key: 'lastName', visible: false },
      ],
      filters: { active: { type: 'boolean', value: true } },
    };
    expect(parseSettings(schema, stored)).toEqual({
      pageSize: 10,
      sort: { column: 'birthDate', direction: 'desc' },
      // Stored order first, columns added since then at the end with their defaults.
      columns: [
        { key: 'birthDate', visible: true },
        { key: 'lastName', visible: false },
        { key: 'note', visible: false },
        { key: 'active', visible: true },
      ],
      filters: { active: { type: 'boolean', value: true } },
    });
  });

  it('drop what no longer fits: unknown columns, unsortable sort, odd page sizes, filters of unfilterable columns', () => {
    const parsed = parseSettings(schema, {
      pageSize: 33,
      sort: { column: 'note', direction: 'sideways' },
      columns: [
        { key: 'gone', visible: true },
        'junk',
        { key: 'lastName' },
        { key: 'lastName', visible: false },
      ],
      filters: { note: { type: 'values', values: ['x'] }, active: { type: 'boolean', value: 'yes' } },
    });
    expect(parsed?.pageSize).toBe(25);
    expect(parsed?.sort).toEqual({ column: 'lastName', direction: 'asc' });
    expect(parsed?.columns[0]).toEqual({ key: 'lastName', visible: true });
    expect(parsed?.columns).toHaveLength(4);
    expect(parsed?.filters).toEqual({});
    expect(parseSettings(schema, 'nonsense')).toBeUndefined();
    expect(parseSettings(schema, null)).toBeUndefined();
  });

  it('become the query the server reads', () => {
    expect(
      filterParams({
        memberType: { type: 'values', values: ['TRAINER', 'ATHLETE'] },
        active: { type: 'boolean', value: false },
        birthDate: { type: 'range', from: '2010-01-01' },
      }),
    ).toEqual({
      'filter[memberType]': ['TRAINER', 'ATHLETE'],
      'filter[active]': 'false',
      'filter[birthDate][from]': '2010-01-01',
    });
    expect(datagridParams(defaultSettings(schema), { page: 3, search: 'čer' })).toEqual({
      page: 3,
      limit: 25,
      sort: 'lastName',
      direction: 'asc',
      s: 'čer',
    });
  });
});

describe('filters named by a list address', () => {
  const address = (query: string) => new URLSearchParams(query);

  it('reads ranges, booleans and values of filterable columns, and nothing else', () => {
    expect(
      filtersFromAddress(
        schema,
        address('filter[birthDate][to]=2010-12-31&filter[active]=false&filter[note]=x&filter[gone]=1&s=nov'),
      ),
    ).toEqual({
      birthDate: { type: 'range', to: '2010-12-31' },
      active: { type: 'boolean', value: false },
    });
    expect(filtersFromAddress(schema, address('page=2'))).toBeUndefined();
  });

  it('replace the stored filters in the first page a list asks for', () => {
    const stored = { ...defaultSettings(schema), filters: { active: { type: 'boolean', value: true } } };
    expect(firstPageParams(schema, stored, address('filter[birthDate][from]=2000-01-01'))).toMatchObject({
      'filter[birthDate][from]': '2000-01-01',
    });
    expect(firstPageParams(schema, stored, address('filter[birthDate][from]=2000-01-01'))).not.toHaveProperty(
      'filter[active]',
    );
  });
});
