import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from './error-handler.js';
import { AppError } from '../protocol/errors.js';

/** How often the requests still waiting for an answer are looked over (at most). */
const SWEEP_MS = 1000;

/**
 * A request whose answer has not begun `limitMs` after its handler started (a database that
 * stopped answering, a bug that never replies) gets 503 in the protocol's shape instead of
 * leaving the client waiting. Requests still receiving their body are the client's time, which
 * the server's request timeout bounds; an answer already streaming is left to finish.
 *
 * One timer looks over every open request, oldest first, at least once a second: per request
 * this costs a map entry. Fastify's own `handlerTimeout` does not do the job: over a real
 * connection it never answers a POST whose body was read (test/unit/answer-deadline-canary.test.ts
 * fails the day it does).
 */
export function installAnswerDeadline(
  server: FastifyInstance,
  limitMs: number,
  version: string,
): void {
  const open = new Map<FastifyReply, number>();
  server.addHook('preHandler', (_req, reply, done) => {
    open.set(reply, performance.now());
    done();
  });
  server.addHook('onResponse', (_req, reply, done) => {
    open.delete(reply);
    done();
  });
  const sweep = setInterval(
    () => {
      const now = performance.now();
      for (const [reply, since] of open) {
        const raw = reply.raw;
        if (reply.sent || raw.headersSent || raw.destroyed) {
          open.delete(reply);
          continue;
        }
        // Map order is the order handlers started: the rest are younger.
        if (now - since < limitMs) break;
        if (!reply.request.raw.complete) continue;
        open.delete(reply);
        reply.request.log.error({ url: reply.request.url }, 'no answer in time: 503 sent');
        sendError(
          reply,
          new AppError(
            'general_server_error',
            'The server took too long to answer. Try again.',
            503,
          ),
          version,
        );
      }
    },
    Math.min(SWEEP_MS, limitMs / 4),
  );
  sweep.unref();
  server.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });
}
