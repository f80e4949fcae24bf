// `npm run storage:copy-to-s3`: copies the uploads of DATA_DIR/files into the S3 bucket the environment
// names (S3_BUCKET…, as for the server) and checks that every file the database names arrived
// (docs/operations.md). Exit code 0: all there; 1: some missing or a failure; 2: nothing to copy into.
import fs from 'node:fs';
import { loadConfig } from '../config.ts';
import { CopyRefused, copyToS3, filesWord } from './storage/copy-to-s3.ts';

try {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const outcome = await copyToS3(loadConfig(), (line) => console.log(line));
  for (const line of outcome.missing) console.error(line);
  console.log(
    `Zkopírováno: ${filesWord(outcome.copied)}, už v bucketu: ${filesWord(outcome.alreadyThere)}. ` +
      `Databáze uvádí ${filesWord(outcome.checked)}; ${
        outcome.missing.length === 0
          ? 'v bucketu jsou všechny.'
          : `v bucketu chybí: ${filesWord(outcome.missing.length)}.`
      }`,
  );
  if (outcome.missing.length > 0) process.exitCode = 1;
} catch (error) {
  console.error(
    error instanceof CopyRefused
      ? error.message
      : `Kopírování se nepodařilo: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = error instanceof CopyRefused ? 2 : 1;
}
