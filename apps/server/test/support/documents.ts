import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sdkUser, type SdkUser } from './sdk.js';
import type { TestServer } from './server.js';

/** The admin that ADMIN_EMAIL makes at start (label `admin`). */
export const ADMIN_ENV = {
  ADMIN_EMAIL: 'owner@courtside.test',
  ADMIN_PASSWORD: 'owner-password-1',
  ADMIN_NAME: 'Owner',
};

/**
 * The shop's schema given as SCHEMA_FILE: the generic databases module on the shop's
 * collections without the shop's rules (orders checked against products, 9-digit ids...),
 * which the shop-* tests cover.
 */
export const SHOP_SCHEMA_FILE = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../src/shop/appwrite.json',
);
export const GENERIC_SHOP_ENV = { ...ADMIN_ENV, SCHEMA_FILE: SHOP_SCHEMA_FILE };

export async function signedInAdmin(server: Pick<TestServer, 'endpoint'>): Promise<SdkUser> {
  const admin = sdkUser(server);
  await admin.account.createEmailSession(ADMIN_ENV.ADMIN_EMAIL, ADMIN_ENV.ADMIN_PASSWORD);
  return admin;
}

/** Writes a schema file (Appwrite CLI format) into a directory and returns its path. */
export function writeSchema(dir: string, schema: unknown, name = 'appwrite.json'): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(schema, null, 2));
  return file;
}

/** A product as the shop stores it, with overridable fields. */
export function product(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Air Jordan 1 Retro High',
    description: 'Pre-loved, clean soles.',
    category: 'jordan',
    price: 25000,
    disc_price: 0,
    size: 43,
    condition: 8.5,
    stoke: 'true',
    stock: 1,
    ...overrides,
  };
}
