import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

const draining = new WeakSet<FastifyInstance>();

/**
 * Graceful shutdown without resets (README, "Running more than one server"). While the server
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

/**
 * Stops accepting connections but leaves the open ones be (http.Server.close would also cut the
 * idle keep-alive sockets at once, racing a client that is just sending on one), then waits
 * `graceMs`: a busy client's next answer closes its socket cleanly. What is still idle after
 * that is closed by `server.close()`, which also waits for requests in flight.
 */
export async function drain(server: FastifyInstance, graceMs: number): Promise<void> {
  draining.add(server);
  if (server.server.listening) NetServer.prototype.close.call(server.server);
  await new Promise((done) => setTimeout(done, graceMs));
}
