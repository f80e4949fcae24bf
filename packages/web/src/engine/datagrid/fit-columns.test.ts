import { describe, expect, it } from 'vitest';
import { MEMBER_GRID } from '../../test/engine-fixtures.ts';
import { columnsWithoutRoom } from './fit-columns.ts';

const column = (key: string, width: number, priority: number) => ({ key, width, priority });
const columns = [
  column('lastName', 120, 1),
  column('email', 180, 2),
  column('gender', 80, 3),
  column('phone', 130, 2),
  column('active', 80, 3),
];

describe('fitting a list’s columns to its box', () => {
  it('hides the lowest priority first, the rightmost of equal priority first, until the rest fit', () => {
    expect(columnsWithoutRoom(columns, 590)).toEqual([]);
    expect(columnsWithoutRoom(columns, 589)).toEqual(['active']);
    expect(columnsWithoutRoom(columns, 430)).toEqual(['active', 'gender']);
    expect(columnsWithoutRoom(columns, 300)).toEqual(['active', 'gender', 'phone']);
  });

  it('keeps priority 1 however narrow, and hides nothing before the box is measured', () => {
    expect(columnsWithoutRoom(columns, 50)).toEqual(['active', 'gender', 'phone', 'email']);
    expect(columnsWithoutRoom(columns, 0)).toEqual([]);
  });

  it('fits the members’ default columns beside the check boxes and row actions of a 1366 px laptop', () => {
    const visible = MEMBER_GRID.columns.filter((entry) => entry.defaultVisible);
    // The box the shell leaves a list at 1366 px (measured in Chromium), less check boxes and actions.
    expect(columnsWithoutRoom(visible, 1060 - 28 - 76)).toEqual([]);
    expect(visible.find((entry) => entry.key === 'lastName')?.priority).toBe(1);
  });
});
