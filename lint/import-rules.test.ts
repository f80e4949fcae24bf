import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repository = path.resolve(import.meta.dirname, '..');
const biome = path.join(repository, 'node_modules/.bin/biome');

interface RdjsonReport {
  diagnostics?: { code: { value: string }; location: { path: string }; message: string }[];
}

/**
 * Lints the given files (path → source) with the repository's own biome.json and plugins, in a
 * scratch directory laid out like the repository; answers "path rule" for every finding, sorted.
 */
function lint(files: Record<string, string>): string[] {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'klubovna-lint-'));
  try {
    fs.copyFileSync(path.join(repository, 'biome.json'), path.join(scratch, 'biome.json'));
    fs.cpSync(path.join(repository, 'lint'), path.join(scratch, 'lint'), {
      recursive: true,
      filter: (source) => !source.endsWith('.ts'),
    });
    for (const [file, source] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      fs.writeFileSync(path.join(scratch, file), source);
    }
    const result = spawnSync(biome, ['lint', '--reporter=rdjson', '--max-diagnostics=none', '.'], {
      cwd: scratch,
      encoding: 'utf8',
    });
    const report = JSON.parse(result.stdout) as RdjsonReport;
    const findings = (report.diagnostics ?? []).map((d) => `${d.location.path} ${d.code.value}`).sort();
    expect(result.status, findings.join('\n')).toBe(findings.length > 0 ? 1 : 0);
    return findings;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const exporting = (name: string) => `export const ${name} = 1;\n`;
const importing = (...specifiers: string[]) =>
  `${specifiers.map((specifier, index) => `import { x${index} } from '${specifier}';`).join('\n')}\nexport const all = [${specifiers.map((_, index) => `x${index}`).join(', ')}];\n`;

const SERVER = 'packages/server/src';
const WEB = 'packages/web/src';

describe('import rules in biome.json', () => {
  it('refuse an engine file or test importing a module; the engine tests use fixtures from test/', () => {
    expect(
      lint({
        [`${SERVER}/modules/members/member.entity.ts`]: exporting('x0'),
        [`${SERVER}/engine/registry.ts`]: importing('../modules/members/member.entity.ts'),
        [`${SERVER}/engine/records.test.ts`]: importing('../modules/members/member.entity.ts'),
        [`${SERVER}/engine/list/list.test.ts`]: importing(
          '../../test/test-entities.ts',
          '../../modules/entities.ts',
        ),
        [`${SERVER}/engine/test-entities.ts`]: importing('../modules/members/member.entity.ts'),
        [`${SERVER}/engine/db-user.ts`]: importing('../db/database.ts'),
        [`${SERVER}/db/database.ts`]: exporting('x0'),
        [`${SERVER}/test/test-entities.ts`]: exporting('x0'),
      }),
    ).toEqual([
      `${SERVER}/engine/list/list.test.ts lint/style/noRestrictedImports`,
      `${SERVER}/engine/records.test.ts lint/style/noRestrictedImports`,
      `${SERVER}/engine/registry.ts lint/style/noRestrictedImports`,
      `${SERVER}/engine/test-entities.ts lint/style/noRestrictedImports`,
    ]);
  });

  it('keep the server layers one way: errors, then db, http, plugins, the engine and the modules', () => {
    expect(
      lint({
        [`${SERVER}/errors/disk-full.ts`]: importing('../db/dialect.ts'),
        [`${SERVER}/db/database.ts`]: importing('../errors/app-error.ts', '../http/route-access.ts'),
        [`${SERVER}/db/database.test.ts`]: importing('../engine/registry.ts', '../test/test-app.ts'),
        [`${SERVER}/http/session.ts`]: importing(
          '../db/dialect.ts',
          '../errors/app-error.ts',
          '../config.ts',
          '../plugins/storage.ts',
        ),
        [`${SERVER}/http/error-handler.ts`]: importing('./route-access.ts', '../modules/auth/index.ts'),
        [`${SERVER}/plugins/web-app.ts`]: importing(
          '../http/route-access.ts',
          '../db/dialect.ts',
          './storage.ts',
        ),
        [`${SERVER}/plugins/auth.ts`]: importing('../modules/auth/sessions.repository.ts'),
        [`${SERVER}/plugins/mail.ts`]: importing('../engine/registry.ts', '../app.ts'),
        [`${SERVER}/engine/list.ts`]: importing(
          '../plugins/storage.ts',
          '../http/route-access.ts',
          '../db/dialect.ts',
        ),
        [`${SERVER}/cli/seed.ts`]: importing('../app.ts', '../modules/auth/index.ts', '../test/fixtures.ts'),
      }),
    ).toEqual([
      `${SERVER}/cli/seed.ts lint/style/noRestrictedImports`,
      `${SERVER}/db/database.test.ts lint/style/noRestrictedImports`,
      `${SERVER}/db/database.ts lint/style/noRestrictedImports`,
      `${SERVER}/errors/disk-full.ts lint/style/noRestrictedImports`,
      `${SERVER}/http/error-handler.ts lint/style/noRestrictedImports`,
      `${SERVER}/http/session.ts lint/style/noRestrictedImports`,
      `${SERVER}/plugins/auth.ts lint/style/noRestrictedImports`,
      `${SERVER}/plugins/mail.ts lint/style/noRestrictedImports`,
      `${SERVER}/plugins/mail.ts lint/style/noRestrictedImports`,
    ]);
  });

  it('let a migration import only kysely, node:* and a version of the kit, and the kit only itself', () => {
    const MIGRATIONS = `${SERVER}/db/migrations`;
    expect(
      lint({
        [`${MIGRATIONS}/2026-01-01-001-allowed.ts`]: importing(
          'kysely',
          'kysely/migration',
          'node:crypto',
          './kit/v1/index.ts',
          './kit/v2/index.ts',
        ),
        [`${MIGRATIONS}/2026-01-01-002-live.ts`]: importing(
          '../dialect.ts',
          '../../engine/schema/derived-columns.ts',
          './kit/v1/../../../search-index.ts',
          './2026-01-01-001-allowed.ts',
          'zod',
          '@klubovna/shared',
        ),
        [`${MIGRATIONS}/kit/v2/index.ts`]: importing(
          'kysely',
          'node:fs',
          './dialect.ts',
          '../v1/table-model.ts',
        ),
        [`${MIGRATIONS}/kit/v2/dialect.ts`]: importing(
          '../../../dialect.ts',
          '../../../../engine/x.ts',
          'zod',
        ),
      }),
    ).toEqual([
      ...Array(6).fill(`${MIGRATIONS}/2026-01-01-002-live.ts lint/style/noRestrictedImports`),
      ...Array(3).fill(`${MIGRATIONS}/kit/v2/dialect.ts lint/style/noRestrictedImports`),
    ]);
  });

  it('refuse a cycle of two files, type-only imports included', () => {
    expect(
      lint({
        [`${WEB}/app/router.tsx`]: importing('./root-layout.tsx'),
        [`${WEB}/app/root-layout.tsx`]: importing('./router.tsx'),
        [`${SERVER}/db/a.ts`]: "import type { B } from './b.ts';\nexport type A = B;\n",
        [`${SERVER}/db/b.ts`]: "import type { A } from './a.ts';\nexport type B = A | 1;\n",
      }),
    ).toEqual([
      `${SERVER}/db/a.ts lint/suspicious/noImportCycles`,
      `${SERVER}/db/b.ts lint/suspicious/noImportCycles`,
      `${WEB}/app/root-layout.tsx lint/suspicious/noImportCycles`,
      `${WEB}/app/router.tsx lint/suspicious/noImportCycles`,
    ]);
  });

  it('refuse a zone importing another zone from any depth, and allow the layers below', () => {
    expect(
      lint({
        [`${WEB}/zones/alpha/alpha.zone.ts`]: importing('../beta/beta.zone.ts', './pages/page.tsx'),
        [`${WEB}/zones/alpha/pages/page.tsx`]: importing(
          '../../beta/beta.zone.ts',
          '../components/card.tsx',
          '../../../engine/labels.ts',
          '../../../ui/theme.ts',
          '@klubovna/shared',
        ),
        [`${WEB}/zones/alpha/pages/deep/part.tsx`]: importing(
          '../../../beta/beta.zone.ts',
          '../../alpha.zone.ts',
        ),
        [`${WEB}/zones/alpha/detour.ts`]: importing('../../zones/beta/beta.zone.ts', '../../app/router.tsx'),
        [`${WEB}/zones/alpha/lazy.ts`]: "export const load = () => import('../beta/beta.zone.ts');\n",
      }),
    ).toEqual([
      `${WEB}/zones/alpha/alpha.zone.ts plugin`,
      `${WEB}/zones/alpha/detour.ts lint/style/noRestrictedImports`,
      `${WEB}/zones/alpha/detour.ts lint/style/noRestrictedImports`,
      `${WEB}/zones/alpha/lazy.ts plugin`,
      `${WEB}/zones/alpha/pages/deep/part.tsx plugin`,
      `${WEB}/zones/alpha/pages/page.tsx plugin`,
    ]);
  });

  it('let a module reach another module only through its index.ts', () => {
    expect(
      lint({
        [`${SERVER}/modules/alpha/alpha.service.ts`]: importing(
          '../beta/beta.repository.ts',
          '../beta/index.ts',
          './alpha.repository.ts',
          '../../db/database.ts',
        ),
        [`${SERVER}/modules/alpha/jobs/job.ts`]: importing(
          '../../beta/beta.repository.ts',
          '../../beta/index.ts',
        ),
        [`${SERVER}/modules/alpha/detour.ts`]: importing('../../modules/beta/index.ts', '../../app.ts'),
        [`${SERVER}/modules/entities.ts`]: importing('./beta/beta.entity.ts'),
        [`${SERVER}/modules/alpha/alpha.test.ts`]: importing('../entities.ts', '../../test/test-app.ts'),
      }),
    ).toEqual([
      `${SERVER}/modules/alpha/alpha.service.ts plugin`,
      `${SERVER}/modules/alpha/detour.ts lint/style/noRestrictedImports`,
      `${SERVER}/modules/alpha/detour.ts lint/style/noRestrictedImports`,
      `${SERVER}/modules/alpha/jobs/job.ts plugin`,
    ]);
  });

  it('keep the web layers one way: ui and api, then engine, then zones, then app', () => {
    expect(
      lint({
        [`${WEB}/ui/flash/flash.tsx`]: importing('../../engine/labels.ts', '../../api/api.ts'),
        [`${WEB}/api/api.ts`]: importing('../app/router.tsx', '../ui/theme.ts'),
        [`${WEB}/engine/pages/list.tsx`]: importing(
          '../../zones/members/members.zone.ts',
          '../../ui/theme.ts',
        ),
        [`${WEB}/engine/labels.ts`]: importing('../app/screens.ts'),
        [`${WEB}/app/screens.ts`]: importing('../zones/members/members.zone.ts', '../engine/pages/list.tsx'),
      }),
    ).toEqual([
      `${WEB}/api/api.ts lint/style/noRestrictedImports`,
      `${WEB}/engine/labels.ts lint/style/noRestrictedImports`,
      `${WEB}/engine/pages/list.tsx lint/style/noRestrictedImports`,
      `${WEB}/ui/flash/flash.tsx lint/style/noRestrictedImports`,
    ]);
  });

  it('keep shared free of the server, the web, Node and React', () => {
    expect(
      lint({
        'packages/shared/src/domain/roles.ts': importing(
          '../../../server/src/app.ts',
          '@klubovna/web/src/main.tsx',
          'node:fs',
          'react',
          'zod',
          '../permissions/matrix.ts',
        ),
      }),
    ).toEqual(Array(4).fill('packages/shared/src/domain/roles.ts lint/style/noRestrictedImports'));
  });
});
