// `npm run backup [-- --to DIR]`: a consistent copy of the database and the stored files, with a
// manifest, taken while the server runs (docs/operations.md).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createBackup, defaultBackupFolder } from './backup/backup.ts';

try {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  const config = loadConfig();
  const folder = values.to ? path.resolve(values.to) : defaultBackupFolder();
  const manifest = await createBackup(config, folder);
  const records = Object.values(manifest.records).reduce((sum, count) => sum + count, 0);
  console.log(
    `Záloha je hotová: ${folder} (${manifest.engine}, ${records} záznamů, ${manifest.files.length - 1} uložených souborů).`,
  );
  if (config.s3)
    console.log(
      `Nahrané soubory jsou v bucketu ${config.s3.bucket} (S3_BUCKET) a záloha je neobsahuje: chraňte je verzováním a replikací bucketu (docs/operations.md).`,
    );
} catch (error) {
  console.error(`Záloha se nepodařila: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
