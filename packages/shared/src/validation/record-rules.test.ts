import { describe, expect, it } from 'vitest';
import { type ComparedField, DATE_RANGE, recordRuleErrors } from './record-rules.ts';

const camp: ComparedField[] = [
  { name: 'dateFrom', label: 'Od', kind: 'date' },
  { name: 'dateTo', label: 'Do', kind: 'date', notBefore: 'dateFrom' },
  { name: 'registrationDeadline', label: 'Přihlášky do', kind: 'date', notAfter: 'dateTo' },
];
const training: ComparedField[] = [
  { name: 'startsAt', label: 'Začátek', kind: 'dateTime' },
  { name: 'endsAt', label: 'Konec', kind: 'dateTime', notBefore: 'startsAt' },
];

describe('dates compared within a record', () => {
  it('refuses an end before its start on the end, naming both and the start’s date', () => {
    expect(recordRuleErrors(camp, { dateFrom: '2026-07-10', dateTo: '2026-07-01' })).toEqual([
      { path: 'dateTo', message: '„Do“ nesmí být dřív než „Od“ (10. 7. 2026).' },
    ]);
  });

  it('lets a date range end on its first day, and a deadline fall on the last', () => {
    expect(
      recordRuleErrors(camp, {
        dateFrom: '2026-07-10',
        dateTo: '2026-07-10',
        registrationDeadline: '2026-07-10',
      }),
    ).toEqual([]);
  });

  it('refuses a deadline after the day it must precede', () => {
    expect(
      recordRuleErrors(camp, {
        dateFrom: '2026-07-01',
        dateTo: '2026-07-10',
        registrationDeadline: '2026-07-11',
      }),
    ).toEqual([
      { path: 'registrationDeadline', message: '„Přihlášky do“ nesmí být později než „Do“ (10. 7. 2026).' },
    ]);
  });

  it('needs a date-time end later than its start, compared as instants whatever the offset', () => {
    expect(
      recordRuleErrors(training, { startsAt: '2026-11-26T17:00:00+01:00', endsAt: '2026-11-26T16:00:00Z' }),
    ).toEqual([{ path: 'endsAt', message: '„Konec“ musí být později než „Začátek“ (26. 11. 2026 17:00).' }]);
    expect(
      recordRuleErrors(training, { startsAt: '2026-11-26T17:00:00+01:00', endsAt: '2026-11-26T16:30:00Z' }),
    ).toEqual([]);
  });

  it('leaves empty and malformed values to the fields’ own rules', () => {
    expect(recordRuleErrors(camp, { dateFrom: null, dateTo: '2026-07-01' })).toEqual([]);
    expect(recordRuleErrors(camp, { dateFrom: 'zítra', dateTo: '2026-07-01' })).toEqual([]);
    expect(recordRuleErrors(DATE_RANGE, { from: '2026-09-02', to: '2026-09-01' })[0]?.path).toBe('to');
  });
});

describe('a birth number within a record', () => {
  const person: ComparedField[] = [
    { name: 'birthDate', label: 'Datum narození', kind: 'date' },
    { name: 'gender', label: 'Pohlaví', kind: 'enum' },
    {
      name: 'birthNumber',
      label: 'Rodné číslo',
      kind: 'birthNumber',
      birthNumberOf: { birthDate: 'birthDate', sex: { field: 'gender', female: 'FEMALE' } },
    },
  ];

  it('agrees with the birth date and sex it encodes, or with neither filled', () => {
    expect(
      recordRuleErrors(person, { birthNumber: '905101/1233', birthDate: '1990-01-01', gender: 'FEMALE' }),
    ).toEqual([]);
    expect(recordRuleErrors(person, { birthNumber: '9051011233', birthDate: null, gender: null })).toEqual(
      [],
    );
  });

  it('is refused on its field when the birth date or the sex differs', () => {
    expect(recordRuleErrors(person, { birthNumber: '9051011233', birthDate: '1991-01-01' })).toEqual([
      { path: 'birthNumber', message: 'Rodné číslo neodpovídá datu narození.' },
    ]);
    expect(recordRuleErrors(person, { birthNumber: '9051011233', gender: 'MALE' })[0]?.path).toBe(
      'birthNumber',
    );
  });
});
