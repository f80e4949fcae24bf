import { describe, expect, it } from 'vitest';
import { SCREEN_TABLE } from './screen-table.ts';
import { SCREENS } from './screens.ts';

describe('the written screens', () => {
  it('each load a component their zone exports under the name the table gives', async () => {
    expect(SCREENS.map((screen) => screen.name)).toEqual(SCREEN_TABLE.map((entry) => entry.name));
    for (const screen of SCREENS) {
      const component = await screen.load();
      expect(['function', 'object'], screen.name).toContain(typeof component);
      expect(component, screen.name).toBeTruthy();
    }
  }, 60_000);
});
