import { describe, expect, it } from 'vitest';
import { defuseFormula, restoreDefused } from './export-csv.ts';

describe('CSV export', () => {
  it('keeps cells Excel would run as formulas as plain text', () => {
    expect(defuseFormula('=HYPERLINK("http://zle.example","klikni")')).toBe(
      `'=HYPERLINK("http://zle.example","klikni")`,
    );
    expect(defuseFormula('+420 777 123 456')).toBe("'+420 777 123 456");
    expect(defuseFormula('-2+3')).toBe("'-2+3");
    expect(defuseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(defuseFormula('\t=1')).toBe("'\t=1");
    expect(defuseFormula('Čermák')).toBe('Čermák');
    expect(defuseFormula('a=b')).toBe('a=b');
    expect(defuseFormula('')).toBe('');
  });

  it('gives every text back exactly on import, apostrophes of its own included', () => {
    for (const text of [
      '=1+2',
      '+420 777 123 456',
      "'=1+2",
      "''+420",
      "'ahoj",
      "''",
      '-',
      'Čermák',
      "a'=b",
      '',
    ])
      expect(restoreDefused(defuseFormula(text)), text).toBe(text);
    expect(defuseFormula("'=1+2")).toBe("''=1+2");
    expect(defuseFormula("'ahoj")).toBe("'ahoj");
  });
});
