import type { FastifyRequest } from 'fastify';

/** Request parameters as the protocol reads them: query string for GET, the body otherwise. */
export function input(req: FastifyRequest): Record<string, unknown> {
  const source = req.method === 'GET' || req.method === 'HEAD' ? req.query : req.body;
  return source && typeof source === 'object' ? (source as Record<string, unknown>) : {};
}

export function projectOf(req: FastifyRequest): string | null {
  const header = req.headers['x-appwrite-project'];
  if (typeof header === 'string' && header) return header;
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.project;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const fromBody = (req.body as Record<string, unknown> | undefined)?.project;
  return typeof fromBody === 'string' && fromBody ? fromBody : null;
}
