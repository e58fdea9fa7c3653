import { parseArgs } from 'node:util';
import type { Database } from '../db/database.js';
import { isKeyScope, KEY_SCOPES } from '../protocol/scopes.js';
import { createKey, listKeys, revokeKey, type ApiKeyInfo } from '../modules/keys/index.js';

export const KEY_USAGE = `Usage: courtside admin key create --name <name> --scopes <scope,scope,...>
       courtside admin key list
       courtside admin key revoke <id>

An API key lets a script or Appwrite's server SDK (node-appwrite) act as the server, within its
scopes, with the header X-Appwrite-Key. Its secret is printed once, when it is made: only a
hash of it is kept. Scopes:
${Object.entries(KEY_SCOPES)
  .map(([name, what]) => `  ${name.padEnd(16)} ${what}`)
  .join('\n')}`;

export interface KeyCommandIo {
  out(line: string): void;
  err(line: string): void;
  now(): Date;
}

const when = (iso: string) => (iso ? iso.slice(0, 16).replace('T', ' ') : 'never');

function table(keys: readonly ApiKeyInfo[]): string[] {
  const rows = keys.map((k) => [
    k.id,
    k.name,
    k.scopes.join(','),
    when(k.createdAt),
    when(k.accessedAt),
    k.revokedAt ? `revoked ${when(k.revokedAt)}` : 'active',
  ]);
  const head = ['ID', 'NAME', 'SCOPES', 'CREATED (UTC)', 'LAST USED', 'STATUS'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [head, ...rows].map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}

async function create(db: Database, args: string[], io: KeyCommandIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { name: { type: 'string' }, scopes: { type: 'string' } },
  });
  const name = values.name?.trim() ?? '';
  if (!name || name.length > 128) {
    io.err('Give the key a name of 1 to 128 characters: --name "Import script".');
    return 2;
  }
  const scopes = (values.scopes ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopes.filter((s) => !isKeyScope(s));
  if (scopes.length === 0 || unknown.length > 0) {
    io.err(
      `${unknown.length ? `Unknown scope: ${unknown.join(', ')}. ` : 'Give at least one scope. '}Scopes: ${Object.keys(KEY_SCOPES).join(', ')}.`,
    );
    return 2;
  }
  const { key, secret } = await createKey(db, { name, scopes }, io.now());
  io.out(`Created API key "${key.name}" (id ${key.id}) with scopes ${key.scopes.join(', ')}.`);
  io.out('Its secret, shown only this once (keep it somewhere safe):');
  io.out('');
  io.out(secret);
  io.out('');
  io.out('Send it as the X-Appwrite-Key header, e.g. node-appwrite: client.setKey(secret).');
  return 0;
}

/** `key create|list|revoke`, on the database the server uses. */
export async function keyCommand(
  db: Database,
  argv: readonly string[],
  io: KeyCommandIo,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'create') return create(db, rest, io);
  if (command === 'list' && rest.length === 0) {
    const keys = await listKeys(db);
    if (keys.length === 0) io.out('No API keys yet. Make one with: courtside admin key create');
    else table(keys).forEach((line) => io.out(line));
    return 0;
  }
  if (command === 'revoke' && rest.length === 1) {
    const id = rest[0]!;
    const key = await revokeKey(db, id, io.now());
    if (!key) {
      io.err(`There is no API key with id ${id} (courtside admin key list shows them).`);
      return 1;
    }
    io.out(
      `API key "${key.name}" (id ${key.id}) is revoked since ${when(key.revokedAt)} UTC: requests with it are refused.`,
    );
    return 0;
  }
  io.err(KEY_USAGE);
  return 2;
}
