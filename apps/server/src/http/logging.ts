import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: link secrets, OAuth2 codes and state, tokens. */
const SECRET_PARAM = /secret|token|code|state|password|jwt|key/i;

/**
 * The URL as it may be written to a log: the values of secret-like query parameters (the
 * `secret` of a recovery, verification or magic link, an OAuth2 `code`) become REDACTED, so
 * whoever reads the logs cannot follow the links.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url.slice(q + 1).replace(/(^|&)([^=&]*)=([^&]*)/g, (whole, sep, name) => {
    let decoded = String(name);
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      /* a broken escape is still a name to judge */
    }
    return SECRET_PARAM.test(decoded) ? `${String(sep)}${String(name)}=REDACTED` : String(whole);
  });
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's logger settings: structured JSON, no session material, no link secrets. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: [
      'req.headers.cookie',
      'req.headers["x-fallback-cookies"]',
      'req.headers["x-appwrite-jwt"]',
      'req.headers["x-appwrite-key"]',
    ],
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
