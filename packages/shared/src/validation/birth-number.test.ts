import { describe, expect, it } from 'vitest';
import {
  BIRTH_NUMBER_MESSAGES,
  birthNumberMismatch,
  isMaskedBirthNumber,
  maskBirthNumber,
  normalizeBirthNumber,
  parseBirthNumber,
} from './birth-number.ts';

describe('parseBirthNumber', () => {
  it('reads a man born 1. 1. 1990, with or without the slash', () => {
    expect(parseBirthNumber('900101/1239')).toEqual({
      digits: '9001011239',
      birthDate: '1990-01-01',
      sex: 'MALE',
    });
    expect(parseBirthNumber('9001011239')).toEqual({
      digits: '9001011239',
      birthDate: '1990-01-01',
      sex: 'MALE',
    });
  });

  it('reads a woman by her month plus 50', () => {
    expect(parseBirthNumber('905101/1233')).toMatchObject({ birthDate: '1990-01-01', sex: 'FEMALE' });
  });

  it('reads the +20 and +70 months of births from 2004', () => {
    expect(parseBirthNumber('042215/1235')).toMatchObject({ birthDate: '2004-02-15', sex: 'MALE' });
    expect(parseBirthNumber('047215/1230')).toMatchObject({ birthDate: '2004-02-15', sex: 'FEMALE' });
  });

  it('refuses the +20 months before 2004', () => {
    // 1985 with month 21: the form did not exist yet.
    expect(parseBirthNumber('852101/0000')).toHaveProperty('error');
  });

  it('reads nine digits of a birth before 1954 without a checksum', () => {
    expect(parseBirthNumber('535101/123')).toEqual({
      digits: '535101123',
      birthDate: '1953-01-01',
      sex: 'FEMALE',
    });
    expect(parseBirthNumber('540101/123')).toEqual({
      error: BIRTH_NUMBER_MESSAGES.nineDigits('Rodné číslo'),
    });
  });

  it('refuses a wrong check digit and accepts 0 for a remainder of 10', () => {
    expect(parseBirthNumber('900101/1230')).toEqual({ error: BIRTH_NUMBER_MESSAGES.checksum('Rodné číslo') });
    expect(parseBirthNumber('800101/0040')).toMatchObject({ birthDate: '1980-01-01' });
  });

  it('refuses a date that does not exist', () => {
    expect(parseBirthNumber('010229/1233')).toEqual({ error: BIRTH_NUMBER_MESSAGES.date('Rodné číslo') });
    expect(parseBirthNumber('000229/1234')).toMatchObject({ birthDate: '2000-02-29' });
    expect(parseBirthNumber('901301/0000')).toHaveProperty('error');
  });

  it('refuses what is not a birth number at all', () => {
    for (const value of ['', '12345', '900101-1239', 'abcdefghij', '900101/12399'])
      expect(parseBirthNumber(value)).toEqual({ error: BIRTH_NUMBER_MESSAGES.shape('Rodné číslo') });
  });
});

describe('birthNumberMismatch', () => {
  it('agrees with the birth date and sex it encodes', () => {
    expect(birthNumberMismatch('9051011233', { birthDate: '1990-01-01', female: true })).toBeNull();
    expect(birthNumberMismatch('9051011233', {})).toBeNull();
  });

  it('says which of them disagrees', () => {
    expect(birthNumberMismatch('9051011233', { birthDate: '1990-01-02' })).toContain('datu narození');
    expect(birthNumberMismatch('9051011233', { female: false })).toContain('ženy');
    expect(birthNumberMismatch('9001011239', { female: true })).toContain('muže');
  });
});

describe('masking', () => {
  it('shows the last digits only and knows a masked value when it comes back', () => {
    expect(maskBirthNumber('9001011239')).toBe('******/1239');
    expect(maskBirthNumber('535101123')).toBe('******/123');
    expect(isMaskedBirthNumber('******/1239')).toBe(true);
    expect(isMaskedBirthNumber('900101/1239')).toBe(false);
    expect(normalizeBirthNumber(' 900101 / 1239 ')).toBe('9001011239');
  });
});

describe('the birthNumber field kind', () => {
  it('stores a valid birth number without its slash and refuses an invalid one in Czech', async () => {
    const { buildFieldSchema } = await import('./field-schema.ts');
    const schema = buildFieldSchema({ kind: 'birthNumber', label: 'Rodné číslo' });
    expect(schema.parse('900101/1239')).toBe('9001011239');
    expect(schema.parse('')).toBeNull();
    // Shown masked and saved back: "unchanged", which the server keeps as stored.
    expect(schema.parse('******/1239')).toBe('******/1239');
    const result = schema.safeParse('900101/1230');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(BIRTH_NUMBER_MESSAGES.checksum('Rodné číslo'));
  });
});
