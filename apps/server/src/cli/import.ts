import { parseArgs } from 'node:util';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig, prepareDataDir, readDotEnv } from '../config.js';
import { streamProgress } from '../import/progress.js';
import { describeKind, runImport, type ImportReport } from '../import/run.js';
import { appwriteSource, endpointOf, sourceProblem, SOURCE_SCOPES } from '../import/source.js';

const USAGE = `Usage: npm run import -- --from <endpoint> --project <id> --key <key> [--dry-run]
         [--database <id>] [--products <id>] [--orders <id>] [--subscribers <id>] [--bucket <id>]

Copies an Appwrite 1.4 shop into this one (the DATA_DIR / DATABASE_URL that npm start uses):
its users with their password hashes, labels, verification and preferences, its products, its
orders as they were recorded, its subscribers and every file of its bucket, all with their ids.
<endpoint> is the old project's API endpoint (https://cloud.appwrite.io/v1), <key> an API key of
that project with the scopes ${SOURCE_SCOPES.join(', ')}
(or the environment variable APPWRITE_KEY instead of --key).

Everything is read and checked first: a collection or attribute that does not fit the shop, a
value the shop would refuse, a password hash it cannot check or an e-mail that already belongs to
another account here stops it before anything is written. --dry-run only reports what would come.
Safe to run again: what is already here is skipped, so a run that was interrupted finishes.
The old project's ids default to the shop's (DATABASE_ID, PRODUCTS_COLLECTION_ID, ...); the
options name others.`;

function printReport(report: ImportReport, out: (line: string) => void) {
  out('');
  if (report.problems.length > 0) {
    out('Nothing was imported. What does not fit the shop:');
    for (const p of report.problems) out(`  - ${p}`);
    out('');
  }
  if (report.notes.length > 0) {
    out('How the old data maps:');
    for (const n of report.notes) out(`  - ${n}`);
    out('');
  }
  if (report.kinds.length > 0) {
    out(report.dryRun ? 'Would import:' : report.ok ? 'Imported:' : 'Found:');
    for (const k of report.kinds) out(`  ${k.kind.padEnd(12)} ${describeKind(k, report.dryRun)}`);
  }
  if (report.ok && !report.dryRun) {
    out('');
    out("The dashboard's figures were counted again from the imported data.");
  }
}

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
  try {
    const source = appwriteSource(endpoint, values.project, key);
    console.log(
      `${values['dry-run'] ? 'Checking' : 'Importing'} ${endpoint} (project ${values.project}) into ${config.database.kind === 'postgres' ? 'PostgreSQL' : config.dataDir}`,
    );
    const report = await runImport(source, app, {
      ids,
      dryRun: values['dry-run'],
      progress: streamProgress(process.stdout),
    }).catch((e: unknown) => {
      const said = sourceProblem(e, endpoint);
      if (said) throw new Error(said);
      throw e;
    });
    printReport(report, (line) => console.log(line));
    return report.ok ? 0 : 1;
  } finally {
    await app.server.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof ConfigError ? e.message : e instanceof Error ? e.message : e);
    console.error(
      'What was imported before this is kept: once the cause is fixed, the same command goes on from there.',
    );
    process.exit(1);
  },
);
