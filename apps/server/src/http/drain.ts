import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

const draining = new WeakSet<FastifyInstance>();

/**
 * Graceful shutdown without resets (README, "Running behind a load balancer"). While the server
 * drains, every answer it sends carries `Connection: close`, so a client never sends another
 * request on that socket, and /readyz answers 503 so a balancer stops sending. The header is set
 * as the answer leaves (onSend), not as the request arrives: a request already in flight when the
 * drain began closes its socket too, rather than leaving it open as keep-alive after the grace,
 * when nothing closes it any more (and the process waits for it until it is forced to exit).
 */
export function installDrain(server: FastifyInstance): void {
  server.addHook('onSend', (_req, reply, payload, done) => {
    if (draining.has(server)) reply.header('Connection', 'close');
    done(null, payload);
  });
}

export const isDraining = (server: FastifyInstance) => draining.has(server);

export interface DrainTimes {
  /** How long the server still accepts connections after /readyz turned 503 (SHUTDOWN_DELAY_MS). */
  delayMs: number;
  /** How long, once it stopped accepting, it answers on the connections it has (Connection: close). */
  graceMs: number;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The first steps of a stop, in this order: /readyz turns 503 at once while the server still
 * accepts and answers for `delayMs`, so a balancer that checks it stops sending new connections
 * before any is refused; then the listener closes and the server answers, for `graceMs`, what it
 * has already accepted (a busy client's next answer closes its socket cleanly). It leaves the
 * open connections be (http.Server.close would also cut the idle keep-alive sockets at once,
 * racing a client that is just sending on one): what is still idle after the grace is closed by
 * `server.close()`, which also waits for requests in flight.
 *
 * The listener is closed right after a turn of the event loop has accepted what was waiting
 * (setImmediate runs just after the poll phase that accepts). A connection the kernel completes
 * after that accept and before the close is still reset by the kernel, unseen by the server, as
 * with any server that stops listening: the delay is what keeps clients away by then.
 */
export async function drain(server: FastifyInstance, times: DrainTimes): Promise<void> {
  draining.add(server);
  if (times.delayMs > 0) await sleep(times.delayMs);
  await new Promise((done) => setImmediate(done));
  if (server.server.listening) NetServer.prototype.close.call(server.server);
  await sleep(times.graceMs);
}
