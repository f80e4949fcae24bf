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
    expect(() => getNumber(query, 'list')).toThrow('Parameter "list" must be a single value, not a list.');
    expect(() => getOptionalString(query, 'list')).toThrow(QueryParamError);
    expect(() => getBoolean(query, 'list')).toThrow(QueryParamError);
    expect(getOptionalString(query, 'blank')).toBe('');
  });

  it("reject a boolean that is not 'true' or 'false'", () => {
    expect(() => getBoolean(query, 'bad')).toThrow(`Parameter "bad" must be 'true' or 'false'.`);
    expect(() => getOptionalBoolean({ b: '1' }, 'b')).toThrow(QueryParamError);
    expect(() => getOptionalBoolean({ b: 'TRUE' }, 'b')).toThrow(QueryParamError);
  });

  it('reject a NaN number, an empty or infinite one included', () => {
    expect(() => getNumber(query, 'nan')).toThrow('Parameter "nan" must be a number.');
    expect(() => getNumber(query, 'blank')).toThrow(QueryParamError);
    expect(() => getOptionalNumber({ n: 'Infinity' }, 'n')).toThrow(QueryParamError);
    expect(getNumber({ n: '-1.5' }, 'n')).toBe(-1.5);
  });

  it('name the parameter on the error', () => {
    try {
      getBoolean(query, 'bad');
    } catch (error) {
      expect(error).toBeInstanceOf(QueryParamError);
      expect((error as QueryParamError).param).toBe('bad');
    }
    expect.assertions(2);
  });

  it('read own keys only, never the prototype', () => {
    expect(getOptionalString({}, 'constructor')).toBeUndefined();
    expect(() => getString({}, 'toString')).toThrow('Parameter not found.');
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
    expect(serializeQuery({ s: 'čer', page: 1, none: null, undef: undefined, tag: ['a', null, 'b'] })).toBe(
      '?s=%C4%8Der&page=1&tag=a&tag=b',
    );
    expect(serializeQuery({ none: null })).toBe('');
    expect(serializeQuery({})).toBe('');
    expect(serializeQuery({ tag: [] })).toBe('');
  });

  it('serialise spaces as %20, a plus as %2B, booleans and dates', () => {
    expect(serializeQuery({ s: 'Jan Novák', op: '1+1', on: false })).toBe(
      '?s=Jan%20Nov%C3%A1k&op=1%2B1&on=false',
    );
    expect(serializeQuery({ 'filter[from]': new Date('2026-11-22T10:00:00Z') })).toBe(
      '?filter%5Bfrom%5D=2026-11-22T10%3A00%3A00.000Z',
    );
  });

  it('round-trip what serializeQuery makes through URLSearchParams', () => {
    const search = new URLSearchParams(serializeQuery({ s: 'a b+c', tag: ['x', 'y'] }));
    expect(getString(search, 's')).toBe('a b+c');
    expect(getArray(search, 'tag')).toEqual(['x', 'y']);
  });
});
