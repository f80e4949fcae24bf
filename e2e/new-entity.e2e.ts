// A developer adds an entity as the README says: its declaration, one line in the list of entities, and
// the migration the generator writes. In a copy of the repository, nothing else changed, its API and
// its screens (list, create, edit, the navigation entry) work.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from './support/api-session.ts';
import { ensureWebBuilt } from './support/build.ts';
import { ADMIN, type Klubovna, signIn, startKlubovna } from './support/klubovna.ts';
import { REPO_ROOT, WEB_DIST } from './support/paths.ts';

const VENUE_ENTITY = `import type { EntityDeclaration } from '../../engine/declaration/entity.types.ts';

export const venueEntity: EntityDeclaration = {
  alias: 'venue',
  table: 'venues',
  labels: {
    singular: 'Sportoviště',
    plural: 'Sportoviště',
    count: { one: 'sportoviště', few: 'sportoviště', many: 'sportovišť' },
    accusative: { one: 'sportoviště', few: 'sportoviště', many: 'sportovišť' },
  },
  area: 'training',
  screens: {
    zone: 'training',
    list: '/admin/sportoviste',
    titles: { create: 'Nové sportoviště', edit: 'Úprava sportoviště' },
  },
  fields: {
    name: { kind: 'text', label: 'Název', required: true, maxLength: 120 },
    address: { kind: 'text', label: 'Adresa', maxLength: 200 },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  searchFields: ['name', 'address'],
  labelFields: ['name'],
};
`;

/** The repository's tracked files in a temporary folder, with its installed packages and built web app. */
function copyRepository(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-copy-'));
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    if (!fs.existsSync(path.join(REPO_ROOT, file))) continue;
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(REPO_ROOT, file), path.join(copy, file));
  }
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  fs.symlinkSync(WEB_DIST, path.join(copy, 'packages/web/dist'));
  return copy;
}

/** The three changes of a new entity: its declaration, its line among the entities, its migration. */
function addVenue(copy: string): string[] {
  const modules = path.join(copy, 'packages/server/src/modules');
  fs.mkdirSync(path.join(modules, 'venues'));
  fs.writeFileSync(path.join(modules, 'venues/venue.entity.ts'), VENUE_ENTITY);
  const list = path.join(modules, 'entities.ts');
  const entities = fs.readFileSync(list, 'utf8');
  fs.writeFileSync(
    list,
    `import { venueEntity } from './venues/venue.entity.ts';\n${entities.replace(
      /(export const DECLARATIONS: readonly EntityDeclaration\[\] = \[\n)/,
      '$1  venueEntity,\n',
    )}`,
  );
  execFileSync(process.execPath, ['packages/server/src/cli/migration-generate.ts', 'venues'], {
    cwd: copy,
    stdio: 'pipe',
  });
  return execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {
    cwd: copy,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
}

let copy: string;
let app: Klubovna;
let changes: string[];

beforeAll(async () => {
  ensureWebBuilt();
  copy = copyRepository();
  execFileSync('git', ['init', '-q'], { cwd: copy });
  execFileSync('git', ['add', '-A'], { cwd: copy });
  execFileSync(
    'git',
    ['-c', 'user.name=Klubovna', '-c', 'user.email=dev@klub.test', 'commit', '-qm', 'copy'],
    {
      cwd: copy,
    },
  );
  changes = addVenue(copy);
  app = await startKlubovna({ root: copy });
});

afterAll(async () => {
  await app?.close();
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe('a new entity, as the README adds it', () => {
  it('is three files: its declaration, its line among the entities and its generated migration', () => {
    expect(changes.map((line) => line.slice(3)).sort()).toEqual([
      expect.stringMatching(/^packages\/server\/src\/db\/migrations\/\d{4}-\d\d-\d\d-\d{3}-venues\.ts$/),
      'packages/server/src/modules/entities.ts',
      'packages/server/src/modules/venues/venue.entity.ts',
    ]);
  });

  it('has its API and names its screens', async () => {
    const office = await apiSession(app.server.url, ADMIN.email, ADMIN.password);
    const tables = await office.data<Array<{ alias: string; routes: unknown }>>('GET', '/api/cms/tables');
    expect(tables.find((table) => table.alias === 'venue')?.routes).toEqual({
      list: '/admin/sportoviste',
      create: '/admin/sportoviste/create',
      edit: '/admin/sportoviste/edit',
    });
    const created = await office.data<{ id: number }>('POST', '/api/cms/form/venue', {
      name: 'Sokolovna Libeň',
      address: 'Zenklova 37, Praha 8',
    });
    expect(created.id).toBeGreaterThan(0);
  });

  it('has its list in the navigation, and its create and edit screens', async () => {
    const { page } = await app.newPage();
    await page.goto(app.url('/admin/login'));
    await signIn(page, ADMIN.email, ADMIN.password);
    const navigation = page.getByRole('navigation', { name: 'Hlavní navigace' });
    await navigation.getByRole('link', { name: 'Sportoviště' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/sportoviste');
    await page.getByRole('heading', { level: 1, name: 'Sportoviště' }).waitFor();
    await page.getByRole('cell', { name: 'Sokolovna Libeň', exact: true }).waitFor();

    await page.getByRole('link', { name: 'Přidat' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nové sportoviště' }).waitFor();
    await page.getByLabel('Název').fill('Hala Pod Palmovkou');
    await page.getByRole('button', { name: 'Uložit' }).click();
    await page.getByText('Uloženo').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/sportoviste/edit');
    await page.getByRole('heading', { level: 1, name: 'Úprava sportoviště' }).waitFor();
  });
});
