#!/usr/bin/env node
/**
 * `courtside <command>`: the shop's commands, run from the built files where the shop runs (an
 * image, a server's install) and never building anything. The package's `bin`; in a checkout,
 * `npm run admin|backup|restore|import|seed` build first and run the same.
 * Each command is loaded only when asked for: `courtside backup` never loads the importer.
 */
const COMMANDS: Record<string, { what: string; run: (argv: string[]) => Promise<number> }> = {
  admin: {
    what: "makes the shop's owner (an admin) and its API keys",
    run: async (argv) => (await import('./admin.js')).adminCommand(argv),
  },
  backup: {
    what: 'one archive of the database and every file, while the shop runs',
    run: async (argv) => (await import('./backup.js')).backupCommand(['backup', ...argv]),
  },
  restore: {
    what: "replaces the shop's data with a backup's (the shop stopped)",
    run: async (argv) => (await import('./backup.js')).backupCommand(['restore', ...argv]),
  },
  import: {
    what: 'copies an Appwrite 1.4 shop (users, products, orders, files) into this one',
    run: async (argv) => (await import('./import.js')).importCommand(argv),
  },
  seed: {
    what: 'adds whatever of the demo shop is missing',
    run: async (argv) => {
      if (argv.length > 0) {
        const help = argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h');
        (help ? console.log : console.error)(SEED_USAGE);
        return help ? 0 : 2;
      }
      return (await import('./seed.js')).seedCommand();
    },
  },
};

const SEED_USAGE = `Usage: courtside seed

Adds whatever of the demo shop is missing (products by title, the shop's pictures, the demo
customer and their orders) to the shop's DATA_DIR / DATABASE_URL. It takes no options.`;

const USAGE = `Usage: courtside <command> [options]

${Object.entries(COMMANDS)
  .map(([name, { what }]) => `  ${name.padEnd(8)} ${what}`)
  .join('\n')}

courtside <command> --help says more about one. Every command uses the shop's settings: the
environment, the file COURTSIDE_ENV_FILE names (e.g. /etc/courtside/courtside.env), and .env in
the folder it runs in (DATA_DIR, DATABASE_URL, S3_*), in that order.`;

/** The exit code of `courtside ...argv`. */
async function courtside(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    (name === undefined ? console.error : console.log)(USAGE);
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(`courtside has no command "${name}".\n\n${USAGE}`);
    return 2;
  }
  // A host's settings file (the systemd unit's EnvironmentFile), read before .env would be; a
  // variable set in the environment wins over both.
  const envFile = process.env.COURTSIDE_ENV_FILE;
  if (envFile) {
    try {
      process.loadEnvFile(envFile);
    } catch (e) {
      console.error(`COURTSIDE_ENV_FILE: cannot read ${envFile}: ${(e as Error).message}`);
      return 2;
    }
  }
  return command.run(rest);
}

courtside(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
