import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { registerJsonParser } from './body-parsers.js';
import { clientErrorHandler } from './client-errors.js';
import { installDrain } from './drain.js';
import { installAnswerDeadline } from './answer-deadline.js';
import { errorHandler, frameworkErrors } from './error-handler.js';
import { loggerOptions } from './logging.js';
import { parseQueryString } from './querystring.js';

/** A handler that has not begun its answer by then gets 503 (answer-deadline.ts). */
const ANSWER_WITHIN_MS = 60_000;

/**
 * The HTTP server, not yet listening: its limits, its logger, the protocol's JSON body and query
 * string readers and the one error handler (errors in the protocol's shape, docs/protocol.md §1).
 */
export function createHttpServer(config: Readonly<Config>): FastifyInstance {
  const server = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    requestTimeout: 120_000,
    // Requests that arrive while the server drains are answered, with `Connection: close`.
    return503OnClosing: false,
    clientErrorHandler: clientErrorHandler(config.version),
    frameworkErrors: frameworkErrors(config.version, config.allowedHostnames),
    routerOptions: {
      querystringParser: parseQueryString,
      ignoreTrailingSlash: true,
      maxParamLength: 256,
    },
  });
  installDrain(server);
  installAnswerDeadline(server, ANSWER_WITHIN_MS, config.version);
  registerJsonParser(server);
  server.setErrorHandler(errorHandler(config.version));
  return server;
}
