import type { FastifyRequest } from 'fastify';

/** A URL's hostname, or null when it is none. */
export const hostnameOf = (source: string | undefined): string | null => {
  if (!source) return null;
  try {
    return new URL(source).hostname;
  } catch {
    return null;
  }
};

/** The hostname of the request's Origin, else of its Referer (null without either). */
export const originHostname = (req: FastifyRequest): string | null =>
  hostnameOf(req.headers.origin ?? req.headers.referer);

/** Whether an Origin's hostname is one the API grants (port and scheme aside). */
export function allowedOrigin(origin: string, allowedHostnames: readonly string[]): boolean {
  const host = hostnameOf(origin);
  return host !== null && allowedHostnames.includes(host);
}
