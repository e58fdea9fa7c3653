import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { backupName } from '@courtside/shop';
import { backupShop } from '../backup/backup.js';
import { restoreShop } from '../backup/restore.js';
import { ConfigError, loadConfig, prepareDataDir } from '../config.js';
import { argumentError } from './argument-error.js';

const USAGE = `Usage:
  courtside backup [--out <file.tar.gz>]   the database and every file (S3 bucket too), while the shop runs
  courtside restore <file.tar.gz> --yes     replaces the shop's data with the backup's
(In a checkout, npm run backup [-- ...] and npm run restore -- ... build first and run the same.)

Both use the same DATA_DIR / DATABASE_URL / S3_* as the server. Stop the shop (every server
process) before restoring; a server started during the restore waits for it to end.`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      yes: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, file] = positionals;
  if (values.help || (command !== 'backup' && command !== 'restore')) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  prepareDataDir(config.dataDir);
  if (command === 'backup') {
    const out = values.out ?? join(config.dataDir, 'backups', backupName(new Date()));
    const { archive, manifest } = await backupShop(config, out);
    const objects =
      manifest.objects === undefined
        ? ''
        : ` (with the ${manifest.objects} file objects of S3 bucket ${config.s3?.bucket})`;
    console.log(`Backed up the shop to ${archive}${objects}`);
    return 0;
  }
  if (!file) {
    console.error('Name the backup to restore.\n\n' + USAGE);
    return 2;
  }
  if (!values.yes) {
    console.error(
      `Restoring replaces this shop's database and files with ${file}.\n` +
        'Stop the shop, then run the command again with --yes.',
    );
    return 2;
  }
  const manifest = await restoreShop(config, file);
  console.log(`Restored the shop as it was at ${manifest.createdAt}. Start it with npm start.`);
  return 0;
}

/** `courtside backup ...` and `courtside restore ...`: the exit code; a failure is said on stderr. */
export function backupCommand(argv: string[]): Promise<number> {
  return main(argv).catch((e: unknown) => {
    const wrong = argumentError(e, argv[0] === 'restore' ? 'restore' : 'backup');
    if (wrong) {
      console.error(wrong);
      return 2;
    }
    console.error(e instanceof ConfigError ? e.message : `Failed: ${(e as Error).message}`);
    return 1;
  });
}
