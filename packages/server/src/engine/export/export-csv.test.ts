import { describe, expect, it } from 'vitest';
import { defuseFormula } from './export-csv.ts';

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
});
