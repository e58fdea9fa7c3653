import { parseArgs } from 'node:util';
import { buildApp } from '../app.js';
import { loadConfig, prepareDataDir, readDotEnv } from '../config.js';
import { streamProgress } from '../import/progress.js';
import { printable } from '../import/printable.js';
import { reportLines } from '../import/report-text.js';
import { runImport } from '../import/run.js';
import { appwriteSource, endpointOf, sourceProblem, SOURCE_SCOPES } from '../import/source.js';
import { argumentError } from './argument-error.js';

const USAGE = `Usage: courtside import --from <endpoint> --project <id> --key <key> [--dry-run]
         [--database <id>] [--products <id>] [--orders <id>] [--subscribers <id>] [--bucket <id>]

Copies an Appwrite 1.4 shop into this one (the DATA_DIR / DATABASE_URL the shop uses):
its users with their password hashes, labels, verification and preferences, its products, its
orders as they were recorded, its subscribers and every file of its bucket, all with their ids.
<endpoint> is the old project's API endpoint (https://cloud.appwrite.io/v1), <key> an API key of
that project with the scopes ${SOURCE_SCOPES.join(', ')}
(or the environment variable APPWRITE_KEY instead of --key).

Everything is read and checked first: a collection or attribute that does not fit the shop, a
record or value the shop would refuse, a password hash it cannot check or an e-mail that already
belongs to another account here stops it before anything is written. --dry-run only reports what
would come. All or nothing: a run that fails while writing (or is stopped with Ctrl-C) takes out
what it wrote. Safe to run again: what is already here is skipped.
The old project's ids default to the shop's (DATABASE_ID, PRODUCTS_COLLECTION_ID, ...); the
options name others.`;

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      project: { type: 'string' },
      key: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      database: { type: 'string' },
      products: { type: 'string' },
      orders: { type: 'string' },
      subscribers: { type: 'string' },
      bucket: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const key = values.key ?? process.env.APPWRITE_KEY;
  if (values.help || !values.from || !values.project || !key) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  let endpoint: string;
  let config;
  try {
    endpoint = endpointOf(values.from);
    readDotEnv();
    // The import makes no account of its own: the old owner comes with the old project's users.
    config = loadConfig({
      ...process.env,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      SEED_DEMO: 'off',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    });
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    return 2;
  }
  const ids = {
    database: values.database ?? config.ids.database,
    products: values.products ?? config.ids.products,
    orders: values.orders ?? config.ids.orders,
    subscribers: values.subscribers ?? config.ids.subscribers,
    bucket: values.bucket ?? config.ids.bucket,
  };
  prepareDataDir(config.dataDir);
  const app = await buildApp(config);
  // Ctrl-C stops the run between two writes; what it wrote is taken out (import/undo.ts).
  const stop = new AbortController();
  const onInterrupt = () => stop.abort(new Error('stopped with Ctrl-C'));
  process.once('SIGINT', onInterrupt);
  try {
    const source = appwriteSource(endpoint, values.project, key);
    console.log(
      printable(
        `${values['dry-run'] ? 'Checking' : 'Importing'} ${endpoint} (project ${values.project}) into ${config.database.kind === 'postgres' ? 'PostgreSQL' : config.dataDir}`,
      ),
    );
    const report = await runImport(source, app, {
      ids,
      dryRun: values['dry-run'],
      progress: streamProgress(process.stdout),
      signal: stop.signal,
    }).catch((e: unknown) => {
      const said = sourceProblem(e, endpoint);
      if (said) throw new Error(said);
      throw e;
    });
    for (const line of reportLines(report)) console.log(line);
    return report.ok ? 0 : 1;
  } finally {
    process.off('SIGINT', onInterrupt);
    await app.server.close();
  }
}

/** `courtside import ...`: the exit code; a failure is said on stderr. */
export function importCommand(argv: string[]): Promise<number> {
  return main(argv).catch((e: unknown) => {
    const wrong = argumentError(e, 'import');
    if (wrong) {
      console.error(wrong);
      return 2;
    }
    const said = e instanceof Error ? e.message : String(e);
    console.error(printable(said));
    console.error('Once the cause is fixed, run the same command again.');
    return 1;
  });
}
