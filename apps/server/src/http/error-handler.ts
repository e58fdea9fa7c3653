import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isUnstorableText } from '../db/errors.js';
import { corsHeaders } from './cors.js';
import { AppError } from '../protocol/errors.js';

const NO_CACHE = {
  'Cache-Control': 'no-cache, no-store, must-revalidate',
  Expires: '0',
  Pragma: 'no-cache',
};

export function sendError(reply: FastifyReply, error: AppError, version: string) {
  return reply
    .code(error.status)
    .headers(NO_CACHE)
    .type('application/json; charset=UTF-8')
    .send({ message: error.message, code: error.status, type: error.type, version });
}

/** Turns framework errors (body parsing, limits, timeouts) into the protocol's errors. */
function fromFramework(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('general_payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('general_argument_invalid', 'Unsupported content type.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('general_argument_invalid', 'Invalid Content-Length header.');
    case 'FST_ERR_REQUEST_TIMEOUT':
      return new AppError('general_request_timeout');
    default:
      break;
  }
  if (error.validation) return new AppError('general_argument_invalid', error.message);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new AppError('general_argument_invalid', error.message || 'Bad request.');
  }
  return null;
}

/** The one place errors become responses. A 5xx never leaks internals. */
export function errorHandler(version: string) {
  return (error: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    if (reply.sent) return;
    const mapped =
      error instanceof AppError
        ? error
        : isUnstorableText(error)
          ? new AppError('general_argument_invalid', 'Text values must not hold NUL characters.')
          : fromFramework(error as FastifyError);
    if (mapped) {
      if (mapped.status >= 500) req.log.error({ err: error }, mapped.message);
      return sendError(reply, mapped, version);
    }
    req.log.error({ err: error }, 'unexpected error');
    return sendError(reply, new AppError('general_unknown'), version);
  };
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a URL
 * that does not decode (`%zz`) or a path parameter longer than the router takes. They get the
 * protocol's 400 like any other bad parameter, not Fastify's own body.
 */
export function frameworkErrors(version: string, allowedHostnames: readonly string[]) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    corsHeaders(req, reply, allowedHostnames);
    const message =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A path parameter is too long: ids have at most 36 characters.'
        : error.code === 'FST_ERR_BAD_URL'
          ? 'The URL is not valid: a percent sign must start an encoded character (%XX).'
          : 'The request could not be routed.';
    return sendError(reply, new AppError('general_argument_invalid', message), version);
  };
}
