import { request } from 'node:http';

export interface NodeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown> | null;
}

/**
 * A request through node:http, for what fetch will not send: a Host header of the client's
 * choosing (fetch always sends the real one), as an attacker's script or curl can.
 */
export function nodeRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<NodeResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        headers: {
          'x-appwrite-project': 'courtside',
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Record<string, unknown> | null;
          try {
            body = JSON.parse(text) as Record<string, unknown>;
          } catch {
            body = null;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
