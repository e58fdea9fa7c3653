import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, prepareDataDir } from '../config.js';
import { connectDatabase } from '../db/database.js';
import { MIGRATIONS } from '../migrations.js';
import { accountSettings, ensureLabelledUser, passwordPool } from '../modules/account/index.js';
import { systemClock } from '../tools/clock.js';
import { createEventBus } from '../tools/events.js';
import { keyCommand, KEY_USAGE } from './admin-keys.js';
import { argumentError } from './argument-error.js';

const USAGE = `Usage: courtside admin create --email <email> --password <password> [--name <name>] [--promote]
       courtside admin key create|list|revoke ... (API keys; courtside admin key for more)
(In a checkout, npm run admin -- ... builds first and runs the same.)

Creates the user with the admin label. When a user with that e-mail already exists it gets the
label only if <password> is that account's password (its password is left as it is).
--promote gives the label without that proof: use it only for an account you know is yours
(for example one that signs in with Google and has no password), because whoever registered
that e-mail can then run the shop's dashboard. Uses the same DATA_DIR / DATABASE_URL as the server.`;

const refusal = (email: string) =>
  `${email} already belongs to an account whose password is not the one given, so it was not
made an admin. If the account is yours, run this again with its current password, or add
--promote if you are sure it is yours (anyone who registered that e-mail would become an admin).
Otherwise choose another e-mail.`;

/** The database the server would use (DATA_DIR / DATABASE_URL, .env read as at start). */
async function openShopDatabase() {
  const config = loadConfig();
  prepareDataDir(config.dataDir);
  return { config, db: await connectDatabase(config.database, MIGRATIONS) };
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'key') {
    if (argv.length === 1 || argv.includes('--help') || argv.includes('-h')) {
      console.log(KEY_USAGE);
      return argv.length === 1 ? 2 : 0;
    }
    const { db } = await openShopDatabase();
    try {
      return await keyCommand(db, argv.slice(1), {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
        now: () => systemClock.now(),
      });
    } finally {
      await db.close();
    }
  }
  return createAdmin(argv);
}

async function createAdmin(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string', default: 'Shop Owner' },
      promote: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals[0] !== 'create' || !values.email || !values.password) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (values.password.length < 8) {
    console.error('The password must be at least 8 characters.');
    return 2;
  }
  const { config, db } = await openShopDatabase();
  const passwords = passwordPool(config.passwords);
  try {
    const { user, outcome } = await ensureLabelledUser(
      {
        db,
        clock: systemClock,
        events: createEventBus(),
        settings: accountSettings(config, 'unused-by-this-command'),
        passwords,
      },
      {
        email: values.email,
        password: values.password,
        name: values.name,
        label: config.ids.adminLabel,
        promote: values.promote,
      },
      { ip: '127.0.0.1', userAgent: 'courtside-admin-cli' },
    );
    if (outcome === 'refused') {
      console.error(refusal(user.email));
      return 1;
    }
    const label = config.ids.adminLabel;
    const said = {
      created: `Created ${user.email} (${user.$id}) with the "${label}" label.`,
      promoted: `Gave ${user.email} (${user.$id}) the "${label}" label.`,
      unchanged: `${user.email} (${user.$id}) already has the "${label}" label.`,
    };
    console.log(said[outcome]);
    return 0;
  } finally {
    await passwords.close();
    await db.close();
  }
}

/** `courtside admin ...`: its exit code; a failure is said on stderr. */
export function adminCommand(argv: string[]): Promise<number> {
  return main(argv).catch((e: unknown) => {
    const wrong = argumentError(e, 'admin');
    if (wrong) {
      console.error(wrong);
      return 2;
    }
    console.error(e instanceof ConfigError ? e.message : e instanceof Error ? e.message : e);
    return 1;
  });
}
