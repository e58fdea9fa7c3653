import type { KeptReadListener } from './read-cache.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GUEST, type RateLimitRule } from '../../../protocol/caller.js';
import { invalidArgument } from '../../../protocol/errors.js';
import {
  customId,
  jsonObject,
  optional,
  readParams,
  queriesParam,
  uid,
  type Validator,
} from '../../../protocol/params.js';
import { input } from '../../../protocol/request.js';
import { holdsScope } from '../../../protocol/scopes.js';
import { parseDate } from '../../../tools/dates.js';
import { parseDocumentPermissions } from './permissions.js';
import type { DocumentsService, ReadAnswer } from '../service.js';

/** The five documents routes of docs/protocol.md §3.1, scopes `documents.read` and `.write`. */
const MINUTE = 60;
const perMinute = (limit: number): RateLimitRule[] => [
  { limit, period: MINUTE, key: ['ip', 'method', 'url', 'userId'] },
];

const permissionsParam: Validator<string[]> = {
  optional: false,
  parse: (value) => parseDocumentPermissions(value),
};

/** What Fastify itself sends with an object: the answers here are already JSON text. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The queries of a GET. A key such as `queries[0][a]` or `queries[a]` is no list entry the
 * query string parser knows (`queries[]`, `queries[0]`): refused rather than ignored.
 */
function readQueries(req: FastifyRequest): string[] {
  const source = input(req);
  for (const key of Object.keys(source)) {
    if (key.startsWith('queries[')) {
      throw invalidArgument(
        `Invalid \`queries\` param: "${key}" is not a list entry; send queries[]=... or queries[0]=...`,
      );
    }
  }
  return readParams(source, { queries: queriesParam }).queries;
}

/** `X-Appwrite-Timestamp` of an update or delete (not sent by the Web SDK 13), or null. */
function requestTimestamp(req: FastifyRequest): Date | null {
  const header = req.headers['x-appwrite-timestamp'];
  if (header === undefined || header === '') return null;
  const date = typeof header === 'string' ? parseDate(header) : null;
  if (!date) throw invalidArgument('Invalid X-Appwrite-Timestamp header value');
  return date;
}

/**
 * A write's answer as the caller's read scopes allow (docs/limits.md, "API keys and the import"):
 * a key without `documents.read` gets the document's id and system fields alone, so a no-op
 * update reads nothing of an order's phone or address. Guests and users hold documents.read.
 */
function writeAnswer(req: FastifyRequest, document: object): object {
  if (holdsScope(req.caller, 'documents.read')) return document;
  return Object.fromEntries(Object.entries(document).filter(([k]) => k.startsWith('$')));
}

function pathIds(req: FastifyRequest) {
  return readParams(req.params, {
    databaseId: uid(),
    collectionId: uid(),
    documentId: optional(uid()),
  });
}

export function registerDocumentRoutes(
  api: FastifyInstance,
  documents: DocumentsService,
  keptReads: KeptReadListener | null = null,
): void {
  /** The read's text; a guest's read of an answer kept for everyone is remembered (http/kept-reads.ts). */
  const send = (req: FastifyRequest, reply: FastifyReply, answer: ReadAnswer) => {
    if (keptReads && answer.again && req.caller === GUEST)
      keptReads.remember(req.raw, answer.again);
    return reply.type(JSON_TYPE).send(answer.text);
  };
  const base = '/databases/:databaseId/collections/:collectionId/documents';
  const read = { scope: 'documents.read' } as const;
  const scope = 'documents.write' as const;

  api.get(base, { config: read }, async (req, reply) => {
    const ids = pathIds(req);
    const queries = readQueries(req);
    const answer = await documents.listText(req.caller, ids.databaseId, ids.collectionId, queries);
    return send(req, reply, answer);
  });

  api.post(base, { config: { scope, rateLimits: perMinute(120) } }, async (req, reply) => {
    const ids = pathIds(req);
    const p = readParams(input(req), {
      documentId: customId(),
      data: jsonObject(),
      permissions: optional(permissionsParam, null),
    });
    const created = await documents.create(
      req.caller,
      ids.databaseId,
      ids.collectionId,
      p.documentId,
      p.data,
      p.permissions,
    );
    return reply.code(201).send(writeAnswer(req, created));
  });

  api.get(`${base}/:documentId`, { config: read }, async (req, reply) => {
    const ids = pathIds(req);
    const queries = readQueries(req);
    const { databaseId, collectionId, documentId } = ids;
    const answer = await documents.getText(
      req.caller,
      databaseId,
      collectionId,
      documentId!,
      queries,
    );
    return send(req, reply, answer);
  });

  api.patch(
    `${base}/:documentId`,
    { config: { scope, rateLimits: perMinute(120) } },
    async (req) => {
      const ids = pathIds(req);
      const since = requestTimestamp(req);
      const p = readParams(input(req), {
        data: optional(jsonObject(), null),
        permissions: optional(permissionsParam, null),
      });
      const updated = await documents.update(
        req.caller,
        ids.databaseId,
        ids.collectionId,
        ids.documentId!,
        p.data,
        p.permissions,
        since,
      );
      return writeAnswer(req, updated);
    },
  );

  api.delete(
    `${base}/:documentId`,
    { config: { scope, rateLimits: perMinute(60) } },
    async (req, reply) => {
      const ids = pathIds(req);
      const since = requestTimestamp(req);
      await documents.remove(req.caller, ids.databaseId, ids.collectionId, ids.documentId!, since);
      return reply.code(204).send();
    },
  );
}
