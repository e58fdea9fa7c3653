/**
 * `npm run bench -- api [--db sqlite|postgres] [--seconds N] [--rounds N] [--only reads|orders]
 * [--cpu-prof DIR] [--no-build]`: the
 * storefront's API reads beside a bare Fastify 5 that sends the very same bytes, in one run, and
 * the rate of orders placed by 50 signed-in customers at once.
 *
 * Reads (wrk, 50 connections, 2 threads): the home list (10 newest), a category page's list (24,
 * newest first), a title search and a product by id, against the built server with the demo shop.
 * Each round measures the shop, then the bare server, for each read; it prints the medians of
 * the rounds' requests per second and p99 latency, and the ratio shop / bare.
 *
 * Orders: 500 customers signed up and signed in; wrk keeps 50 connections busy placing their
 * cash-on-delivery orders of one pair each, by turns, for N seconds (products with stock enough,
 * every order rule on, a customer's pending pairs allowed up to 1,000); orders per second and
 * p99, medians of the rounds; then checks that stock went down by exactly the pairs ordered.
 *
 * Memory: the server's resident size 10 s after a restart, before any request (idle), and its
 * peak resident size once every run is over (VmHWM).
 */
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase } from '../apps/server/test/support/databases.js';
import { startShopServer } from '../e2e/support/server.js';
import { benchOrders } from './_api-orders.js';
import { memoryMb } from './_api-tools.js';
import { benchReads } from './_api-reads.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const option = (args: string[], name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1]! : fallback;
};

export default async function main(args: string[]): Promise<void> {
  const db = option(args, '--db', 'sqlite');
  const seconds = Number(option(args, '--seconds', '5'));
  const rounds = Number(option(args, '--rounds', '3'));
  if (!args.includes('--no-build')) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  // Each customer, and the one phone number every bench order gives, may hold up to 1,000 pairs
  // in pending orders here (the shop's default is 3, the limit against a hoarder): 500
  // customers' orders by turns would reach 3 within seconds. The client address is loopback,
  // which the per-address limit does not count.
  const env: Record<string, string> = {
    LOG_LEVEL: 'silent',
    PENDING_PAIRS_PER_CUSTOMER: '1000',
    PENDING_PAIRS_PER_PHONE: '1000',
  };
  const only = option(args, '--only', 'all');
  // A CPU profile of the shop's process, written when it stops (for finding where time goes).
  const profile = option(args, '--cpu-prof', '');
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const pgDb = db === 'postgres' ? await createPostgresDatabase() : null;
  if (pgDb) env.DATABASE_URL = pgDb.url;
  const server = await startShopServer(env, { nodeArgs });
  try {
    console.log(`Courtside (${db}) at ${server.url}; Node ${process.version}`);
    // Started again on the shop it made, as a server starts on any day but its first.
    await server.restart();
    await new Promise((r) => setTimeout(r, 10_000));
    console.log(`memory idle (10 s after a restart): ${memoryMb(server.pid(), 'VmRSS')} MB`);
    if (only !== 'orders') await benchReads(server, seconds, rounds);
    console.log('');
    if (only !== 'reads') await benchOrders(server, env, seconds, rounds);
    console.log(`memory peak: ${memoryMb(server.pid(), 'VmHWM')} MB`);
  } finally {
    await server.stop();
    await pgDb?.drop();
  }
}
