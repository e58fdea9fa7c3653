import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The demo shop's logins (docs/shop.md#the-demo-shop): passwords made at random when the demo is
 * seeded, never a constant anyone could read in the source. They are printed once and kept in
 * DATA_DIR/demo-logins.txt (readable by the server's user only), so a later `npm run seed`
 * prints the same ones and the journeys can sign in.
 */
export interface DemoLogin {
  email: string;
  password: string;
}

export interface DemoLogins {
  owner?: DemoLogin;
  customer?: DemoLogin;
}

export const DEMO_LOGINS_FILE = 'demo-logins.txt';

/** 16 characters from 96 random bits: not guessable, still typeable. */
export const newDemoPassword = () => randomBytes(12).toString('base64url');

export function readDemoLogins(dataDir: string): DemoLogins {
  const file = join(dataDir, DEMO_LOGINS_FILE);
  if (!existsSync(file)) return {};
  const out: DemoLogins = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [role, email, password] = line.trim().split(/\s+/);
    if ((role === 'owner' || role === 'customer') && email && password) {
      out[role] = { email, password };
    }
  }
  return out;
}

export function writeDemoLogins(dataDir: string, logins: DemoLogins): void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, DEMO_LOGINS_FILE);
  const lines = [
    "# The demo shop's logins, made at random when it was seeded. Change these passwords",
    '# (the account page), or set ADMIN_EMAIL and ADMIN_PASSWORD for the real owner.',
    ...(['owner', 'customer'] as const)
      .filter((role) => logins[role])
      .map((role) => `${role} ${logins[role]!.email} ${logins[role]!.password}`),
  ];
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // a file that was there already keeps its old mode otherwise
}
