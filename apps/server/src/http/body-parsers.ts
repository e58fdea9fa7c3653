import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from '../protocol/errors.js';
import { wellFormedJson } from '../tools/well-formed.js';

/**
 * JSON bodies: empty means {} (the SDK sends a JSON content type on every call), broken JSON
 * is a 400 that says so, __proto__/constructor keys are refused, and so is nesting deeper than
 * MAX_JSON_DEPTH (deeper values would exhaust the stack of whatever reads them next). Every string
 * in it is made well formed (tools/well-formed.ts): a lone surrogate becomes U+FFFD, the same on
 * both databases, so nothing stored can block a later update.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    let value: unknown;
    try {
      value = secureJson.parse(text, undefined, {
        protoAction: 'error',
        constructorAction: 'error',
      });
    } catch {
      done(
        new AppError('general_argument_invalid', 'The request body is not valid JSON.'),
        undefined,
      );
      return;
    }
    if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
      const message = `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`;
      return done(new AppError('general_argument_invalid', message), undefined);
    }
    done(null, wellFormedJson(value));
  });
}

/** How deep a JSON body's objects and arrays may nest (docs/protocol.md, additions). */
export const MAX_JSON_DEPTH = 32;

/** Whether objects or arrays nest deeper than `max` levels (walked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
