import { describe, expect, it } from 'vitest';
import { teamFixture } from '../../test/test-entities.ts';
import { compileEntity } from '../declaration/compile-entity.ts';
import { convertCell, parseCzechNumber, type RelationResolver } from './import-values.ts';

const team = compileEntity(teamFixture);
const field = (name: string) => team.byName.get(name)!;
const noRelations: RelationResolver = (_, label) => ({ error: `žádný ${label}` });
const convert = (name: string, cell: Parameters<typeof convertCell>[1]) =>
  convertCell(field(name), cell, noRelations);

describe('import cell values', () => {
  it('reads Czech numbers and money', () => {
    expect(parseCzechNumber('1 234,50')).toBe(1234.5);
    expect(parseCzechNumber('-7')).toBe(-7);
    expect(parseCzechNumber('12a')).toBeNull();
    expect(convert('size', '1\u00a0200')).toEqual({ value: 1200 });
    expect(convert('rating', 3.5)).toEqual({ value: 3.5 });
  });

  it('reads money into exact hundredths (haléře), from text digit by digit and from crowns a sheet holds', () => {
    expect(convert('fee', '1 200 Kč')).toEqual({ value: { amount: 120000, currency: 'CZK' } });
    expect(convert('fee', '1 200,50')).toEqual({ value: { amount: 120050, currency: 'CZK' } });
    expect(convert('fee', '1200.5')).toEqual({ value: { amount: 120050, currency: 'CZK' } });
    expect(convert('fee', '0,29')).toEqual({ value: { amount: 29, currency: 'CZK' } });
    expect(convert('fee', '350,-')).toEqual({ value: { amount: 35000, currency: 'CZK' } });
    expect(convert('fee', '15,50 EUR')).toEqual({ value: { amount: 1550, currency: 'EUR' } });
    expect(convert('fee', 300)).toEqual({ value: { amount: 30000, currency: 'CZK' } });
    expect(convert('fee', 0.29)).toEqual({ value: { amount: 29, currency: 'CZK' } });
    expect(convert('fee', 1200.5)).toEqual({ value: { amount: 120050, currency: 'CZK' } });
    expect(convert('fee', '12 zlaťáků')).toEqual({ error: '„12 zlaťáků“ není částka (např. 1 200,50 Kč).' });
    expect(convert('fee', '10,125')).toEqual({
      error: 'Zadejte částku nejvýše na dvě desetinná místa (haléře).',
    });
    expect(convert('fee', 10.125)).toEqual({ error: '„10.125“ není částka (např. 1 200,50 Kč).' });
  });

  it('reads dates, and date-times as Prague wall-clock time in winter and summer', () => {
    expect(convert('founded', '22. 11. 2026')).toEqual({ value: '2026-11-22' });
    expect(convert('founded', new Date(Date.UTC(2001, 8, 1)))).toEqual({ value: '2001-09-01' });
    expect(convert('founded', '31. 4. 2026')).toEqual({
      error: '„31. 4. 2026“ není datum (např. 22. 11. 2026).',
    });
    expect(convert('lastMatch', '22. 11. 2026 18:30')).toEqual({ value: '2026-11-22T17:30:00.000Z' });
    expect(convert('lastMatch', '2026-07-01 18:30')).toEqual({ value: '2026-07-01T16:30:00.000Z' });
    expect(convert('lastMatch', new Date(Date.UTC(2026, 6, 1, 18, 30)))).toEqual({
      value: '2026-07-01T16:30:00.000Z',
    });
    expect(convert('lastMatch', '2026-07-01T18:30:00+02:00')).toEqual({ value: '2026-07-01T16:30:00.000Z' });
    expect(convert('lastMatch', '25:00')).toMatchObject({
      error: expect.stringContaining('není datum a čas'),
    });
  });

  it('reads yes and no, enum labels or values without diacritics, and relations through the resolver', () => {
    expect(convert('active', 'Ano')).toEqual({ value: true });
    expect(convert('active', 'ne')).toEqual({ value: false });
    expect(convert('active', true)).toEqual({ value: true });
    expect(convert('active', 'asi')).toEqual({ error: '„asi“ není ano, nebo ne.' });
    expect(convert('level', 'ACKO')).toEqual({ value: 'A' });
    expect(convert('level', 'b')).toEqual({ value: 'B' });
    expect(convert('level', 'C')).toEqual({ error: '„C“ není žádná z možností: Áčko, Béčko.' });
    const ids: Record<string, number> = { ab: 1, abc: 2, a: 3, 'Dvořák, ml. Jan': 4 };
    const resolver: RelationResolver = (_, label) =>
      ids[label] ? { value: ids[label] } : { error: `žádný ${label}` };
    expect(convertCell(field('players'), 'ab; abc, a', resolver)).toEqual({ value: [1, 2, 3] });
    // A label with a separator of its own, as a relation to many exports it.
    expect(convertCell(field('players'), 'a, Dvořák, ml. Jan,ab', resolver)).toEqual({ value: [3, 4, 1] });
    expect(convertCell(field('players'), 'ab, Dvořák', resolver)).toEqual({ error: 'žádný Dvořák' });
    expect(convertCell(field('players'), null, resolver)).toEqual({ value: [] });
    expect(convert('coach', 'Nikdo')).toEqual({ error: 'žádný Nikdo' });
    expect(convert('name', 42)).toEqual({ value: '42' });
  });
});
