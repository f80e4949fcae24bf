import { describe, expect, it } from 'vitest';
import {
  getArray,
  getBoolean,
  getNumber,
  getOptionalBoolean,
  getOptionalNumber,
  getOptionalString,
  getString,
  QueryParamError,
  serializeQuery,
} from './query-params.ts';

const query = {
  name: 'Čermák',
  page: '2',
  list: ['a', 'b'],
  yes: 'true',
  no: 'false',
  bad: 'ano',
  nan: 'abc',
  blank: '',
};

describe('query-parameter helpers', () => {
  it('read strings, numbers, booleans and lists', () => {
    expect(getString(query, 'name')).toBe('Čermák');
    expect(getNumber(query, 'page')).toBe(2);
    expect(getBoolean(query, 'yes')).toBe(true);
    expect(getBoolean(query, 'no')).toBe(false);
    expect(getArray(query, 'list')).toEqual(['a', 'b']);
    expect(getArray(query, 'name')).toEqual(['Čermák']);
    expect(getArray(query, 'missing')).toEqual([]);
    expect(getOptionalString(query, 'missing')).toBeUndefined();
    expect(getOptionalNumber(query, 'missing')).toBeUndefined();
    expect(getOptionalBoolean(query, 'missing')).toBeUndefined();
  });

  it('reject an array where a string or number is expected', () => {
    expect(() => getString(query, 'list')).toThrow(QueryParamError);
    expect(() => getNumber(query, 'list')).toThrow(/single value/);
  });

  it("reject a boolean that is not 'true' or 'false'", () => {
    expect(() => getBoolean(query, 'bad')).toThrow(/'true' or 'false'/);
  });

  it('reject a NaN number, an empty one included', () => {
    expect(() => getNumber(query, 'nan')).toThrow(/must be a number/);
    expect(() => getNumber(query, 'blank')).toThrow(QueryParamError);
  });

  it("reject a missing required parameter with 'Parameter not found.'", () => {
    expect(() => getString(query, 'missing')).toThrow('Parameter not found.');
    expect(() => getNumber(query, 'missing')).toThrow('Parameter not found.');
    expect(() => getBoolean(query, 'missing')).toThrow('Parameter not found.');
  });

  it('accept URLSearchParams', () => {
    const search = new URLSearchParams('a=1&b=x&b=y');
    expect(getNumber(search, 'a')).toBe(1);
    expect(getArray(search, 'b')).toEqual(['x', 'y']);
    expect(() => getString(search, 'b')).toThrow(QueryParamError);
  });

  it('serialise skipping nulls, with repeated keys for arrays', () => {
    expect(serializeQuery({ s: 'čer', page: 1, none: null, undef: undefined, tag: ['a', 'b'] })).toBe(
      '?s=%C4%8Der&page=1&tag=a&tag=b',
    );
    expect(serializeQuery({ none: null })).toBe('');
  });
});
