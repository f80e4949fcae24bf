import { describe, expect, it } from 'vitest';
import { czechSortKey, searchNormalize } from './czech-text.ts';

const sortCzech = (names: string[]) =>
  [...names].sort((a, b) =>
    czechSortKey(a) < czechSortKey(b) ? -1 : czechSortKey(a) > czechSortKey(b) ? 1 : 0,
  );

describe('Czech sort key', () => {
  it('puts Č after every C and before D', () => {
    expect(sortCzech(['Dvořák', 'Čermák', 'Cyril', 'Cibulka'])).toEqual([
      'Cibulka',
      'Cyril',
      'Čermák',
      'Dvořák',
    ]);
  });

  it('puts CH after H and before I', () => {
    expect(sortCzech(['Ivan', 'Chalupa', 'Hruška', 'Horák'])).toEqual(['Horák', 'Hruška', 'Chalupa', 'Ivan']);
  });

  it('treats Ř, Š and Ž as letters of their own', () => {
    expect(sortCzech(['Dvořák', 'Dvorský'])).toEqual(['Dvorský', 'Dvořák']);
    expect(sortCzech(['Šťastný', 'Svoboda', 'Tichý'])).toEqual(['Svoboda', 'Šťastný', 'Tichý']);
    expect(sortCzech(['Žák', 'Zeman'])).toEqual(['Zeman', 'Žák']);
  });

  it('treats other accents as a secondary difference only', () => {
    expect(sortCzech(['Málek', 'Mach', 'Malý'])).toEqual(['Mach', 'Málek', 'Malý']);
    expect(sortCzech(['já', 'ja'])).toEqual(['ja', 'já']);
  });

  it('orders case last and is stable for equal names', () => {
    expect(sortCzech(['Novák', 'novák'])).toEqual(['novák', 'Novák']);
    expect(czechSortKey('Novák')).toBe(czechSortKey('Novák'));
  });
});

describe('search normalisation', () => {
  it('ignores case and diacritics', () => {
    expect(searchNormalize('Čermák')).toBe('cermak');
    expect(searchNormalize('ŘEZNÍČEK')).toBe('reznicek');
    expect(searchNormalize('Šťastný Ůžas')).toBe('stastny uzas');
  });
});
