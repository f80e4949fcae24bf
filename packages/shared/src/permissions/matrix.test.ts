import { describe, expect, it } from 'vitest';
import { AREAS, can, isOffice } from './matrix.ts';

describe('permission matrix', () => {
  it('lets ROOT do everything and nobody without roles anything', () => {
    for (const area of AREAS) {
      expect(can(['ROLE_ROOT'], area, 'write')).toBe(true);
      expect(can([], area, 'read')).toBe(false);
      expect(can(undefined, area, 'read')).toBe(false);
    }
  });

  it('keeps ADMIN away from managing ROOT users only', () => {
    expect(AREAS.filter((area) => !can(['ROLE_ADMIN'], area, 'write'))).toEqual(['rootUsers']);
  });

  it('lets members’ and parents’ accounts into members, consents, training and races (row rules narrow them)', () => {
    expect(can(['ROLE_USER'], 'members', 'write')).toBe(true);
    expect(can(['ROLE_USER'], 'consents', 'write')).toBe(true);
    expect(can(['ROLE_USER'], 'users', 'read')).toBe(false);
    expect(can(['ROLE_USER'], 'training', 'write')).toBe(true);
    expect(can(['ROLE_USER'], 'races', 'write')).toBe(true);
    expect(can(['ROLE_USER'], 'content', 'read')).toBe(false);
  });

  it('lets the salesman manage sponsors and read web events', () => {
    expect(can(['ROLE_SALESMAN'], 'sponsors', 'write')).toBe(true);
    expect(can(['ROLE_SALESMAN'], 'webEvents', 'read')).toBe(true);
    expect(can(['ROLE_SALESMAN'], 'webEvents', 'write')).toBe(false);
    expect(can(['ROLE_SALESMAN'], 'members', 'read')).toBe(false);
  });

  it('combines roles', () => {
    expect(can(['ROLE_SALESMAN', 'ROLE_USER'], 'members', 'read')).toBe(true);
  });
});

describe('the office', () => {
  it('is whoever has ROLE_ROOT or ROLE_ADMIN; anyone else is limited by row rules', () => {
    expect(isOffice(['ROLE_ADMIN'])).toBe(true);
    expect(isOffice(['ROLE_USER', 'ROLE_ROOT'])).toBe(true);
    expect(isOffice(['ROLE_USER'])).toBe(false);
    expect(isOffice(['ROLE_SALESMAN', 'ROLE_USER'])).toBe(false);
    expect(isOffice([])).toBe(false);
    expect(isOffice(undefined)).toBe(false);
  });
});
