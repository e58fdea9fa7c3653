import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from './errors.js';

/**
 * JSON bodies: empty means {} (the SDK sends a JSON content type on every call), broken JSON
 * is a 400 that says so, and __proto__/constructor keys are refused.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(
        null,
        secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }),
      );
    } catch {
      done(
        new AppError('general_argument_invalid', 'The request body is not valid JSON.'),
        undefined,
      );
    }
  });
}
