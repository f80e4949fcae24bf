import { findRoute } from '@klubovna/shared';
import { describe, expect, it } from 'vitest';
import { formOfRoute, SCREEN_TABLE } from './screen-table.ts';
import { SCREENS } from './screens.ts';

describe('the written screens', () => {
  it('each load a component their zone exports under the name the table gives', async () => {
    expect(SCREENS.map((screen) => screen.name)).toEqual(SCREEN_TABLE.map((entry) => entry.name));
    // Each names a route: the table's or a declared entity screen's.
    for (const screen of SCREENS) expect(findRoute(screen.name), screen.name).toBeDefined();
    for (const screen of SCREENS) {
      const component = await screen.load();
      expect(['function', 'object'], screen.name).toContain(typeof component);
      expect(component, screen.name).toBeTruthy();
    }
  }, 60_000);
});

describe('a written screen of an entity route', () => {
  it("is the engine's form of the route's entity when the table says so", () => {
    expect(formOfRoute(findRoute('member.edit')!)).toBe('member');
    expect(formOfRoute(findRoute('members.bulkPairing')!)).toBeUndefined();
    expect(formOfRoute(findRoute('user.list')!)).toBeUndefined();
  });
});
