// `npm run restore -- DIR [--force]`: checks a backup's manifest and brings its database and files back
// into DATA_DIR (and DATABASE_URL), with no server running on them (docs/operations.md).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { databaseBackupFor } from '../db/backup/configured-backup.ts';
import { RestoreRefused } from '../db/backup/database-backup.ts';
import { FILES_FOLDER } from './backup/manifest.ts';
import { restoreBackup } from './backup/restore.ts';

try {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1)
    throw new RestoreRefused('Použití: npm run restore -- SLOŽKA_ZÁLOHY [--force]', 1);
  const config = loadConfig();
  const folder = path.resolve(positionals[0]!);
  const manifest = await restoreBackup(config, folder, values.force);
  console.log(
    `Obnoveno ze zálohy z ${manifest.createdAt}: databáze do ${databaseBackupFor(config).place}, soubory do ${path.join(config.dataDir, FILES_FOLDER)}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = error instanceof RestoreRefused ? error.exitCode : 1;
}
