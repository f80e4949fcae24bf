import { ROUTES } from '@klubovna/shared';
import { describe, expect, it } from 'vitest';
import { firstAnswersOfRoute, formOfRoute, SCREEN_TABLE } from './screen-table.ts';
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

describe("a route's first answers", () => {
  const route = (name: string) => {
    const found = ROUTES.find((candidate) => candidate.name === name);
    if (!found) throw new Error(name);
    return found;
  };

  it('are the signed-in user on a shell screen, with the schema and settings on a generic list', () => {
    expect(firstAnswersOfRoute(route('members.list'))).toEqual([
      '/api/cms/user',
      '/api/cms/datagrid/schema/member',
      '/api/cms/user-config',
    ]);
    expect(firstAnswersOfRoute(route('cms.index'))).toEqual(['/api/cms/user']);
    // An entity's form, written (the member's) or generic (the category's): its schema.
    expect(firstAnswersOfRoute(route('members.edit'))).toEqual([
      '/api/cms/user',
      '/api/cms/form/member/schema',
    ]);
    expect(firstAnswersOfRoute(route('categories.create'))).toEqual([
      '/api/cms/user',
      '/api/cms/form/category/schema',
    ]);
    expect(formOfRoute(route('members.edit'))).toBe('member');
    expect(formOfRoute(route('members.bulkPairing'))).toBeUndefined();
    // The users' list is a written screen, which asks for its own data.
    expect(firstAnswersOfRoute(route('users.list'))).toEqual(['/api/cms/user']);
    expect(firstAnswersOfRoute(route('cms.login'))).toEqual([]);
  });
});
