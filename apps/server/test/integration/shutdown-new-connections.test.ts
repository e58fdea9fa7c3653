import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnServer } from '../support/server-process.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request on a connection of its own: its status, or the error's code. */
const once = (url: string) =>
  new Promise<number | string>((done) => {
    get(url, { agent: false, headers: { 'X-Appwrite-Project': 'courtside' } }, (res) => {
      res.resume();
      res.on('close', () => done(res.complete ? res.statusCode! : 'ECONNRESET'));
    }).on('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
  });

interface Run {
  answered: number;
  /** Answered after the signal, while the server still accepted. */
  answeredAfterSignal: number;
  resets: number;
  refused: number;
  other: string[];
  /** From the signal to the balancer's first 503 from /readyz. */
  readyzTurnedMs: number;
}

/**
 * One stop under fresh connections: `clients` loops each open a new connection per request for
 * as long as a balancer would send to the server, the balancer being a loop that asks /readyz
 * every 50 ms and stops sending at the first answer that is not 200 (as nginx's or a cloud
 * balancer's health check does, only faster). SIGTERM comes in the middle of it.
 */
async function stopUnderFreshConnections(clients: number): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-fresh-'));
  const server = await spawnServer({
    DATA_DIR: dataDir,
    SEED_DEMO: 'off',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
  });
  const url = `${server.endpoint}/databases/shop/collections/products/documents`;
  const run: Run = {
    answered: 0,
    answeredAfterSignal: 0,
    resets: 0,
    refused: 0,
    other: [],
    readyzTurnedMs: -1,
  };
  let sending = true;
  let signalledAt = 0;
  const balancer = (async () => {
    while (sending) {
      const status = await once(`${server.origin}/readyz`);
      if (status !== 200) {
        sending = false;
        if (signalledAt) run.readyzTurnedMs = Date.now() - signalledAt;
      } else await sleep(50);
    }
  })();
  const client = async () => {
    while (sending) {
      const result = await once(url);
      if (result === 200) {
        run.answered++;
        if (signalledAt) run.answeredAfterSignal++;
      } else if (result === 'ECONNRESET') run.resets++;
      else if (result === 'ECONNREFUSED') run.refused++;
      else run.other.push(String(result));
    }
  };
  const loops = Array.from({ length: clients }, client);
  await sleep(1000);
  signalledAt = Date.now();
  const stopped = server.close();
  await Promise.all([balancer, ...loops]);
  await stopped;
  rmSync(dataDir, { recursive: true, force: true });
  return run;
}

/**
 * What a stopping server promises a balancer that checks /readyz (README, "Running behind a
 * load balancer"): /readyz turns 503 at once, and the server keeps accepting and answering for
 * SHUTDOWN_DELAY_MS (1 s), so the balancer stops sending before the listener closes and no new
 * connection is reset or refused. Before the delay, the listener closed at the signal: every
 * connection opened between the signal and the balancer's next check was refused, and one the
 * kernel had completed but the server not yet accepted was reset.
 */
describe('stopping the server under fresh connections (SIGTERM, issue 40)', () => {
  it('turns /readyz 503 at once, answers for the delay, and resets or refuses no connection', async () => {
    const runs: Run[] = [];
    for (let i = 0; i < 3; i++) runs.push(await stopUnderFreshConnections(8));
    console.log(
      'stops under fresh connections:',
      runs.map(({ answered, answeredAfterSignal, resets, refused, readyzTurnedMs }) => ({
        answered,
        answeredAfterSignal,
        resets,
        refused,
        readyzTurnedMs,
      })),
    );
    for (const run of runs) {
      expect({ resets: run.resets, refused: run.refused, other: run.other }).toEqual({
        resets: 0,
        refused: 0,
        other: [],
      });
      expect(run.answered).toBeGreaterThan(0);
      // The balancer learns at its next check (every 50 ms), well within the 1 s delay.
      expect(run.readyzTurnedMs).toBeGreaterThanOrEqual(0);
      expect(run.readyzTurnedMs).toBeLessThan(900);
    }
  }, 90_000);
});
