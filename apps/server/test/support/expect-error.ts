import { AppwriteException } from 'appwrite';
import { AppwriteException as ServerSdkException } from 'node-appwrite';
import { expect } from 'vitest';

/**
 * Asserts a call fails the protocol's way: the HTTP code, the error type, maybe the message,
 * whether the Web SDK or the server SDK (node-appwrite) made it.
 */
export async function expectError(
  call: Promise<unknown>,
  expected: { code: number; type: string; message?: string | RegExp },
): Promise<{ code: number; type: string; message: string }> {
  let error: unknown;
  try {
    await call;
  } catch (e) {
    error = e;
  }
  const thrown = error instanceof AppwriteException || error instanceof ServerSdkException;
  expect(thrown, `expected ${expected.type}, got ${String(error)}`).toBe(true);
  const e = error as AppwriteException;
  expect({ code: e.code, type: e.type }).toEqual({ code: expected.code, type: expected.type });
  if (expected.message instanceof RegExp) expect(e.message).toMatch(expected.message);
  else if (expected.message !== undefined) expect(e.message).toBe(expected.message);
  return e;
}

/** A raw request, for what the SDK cannot send (missing parameters, broken bodies, cookies). */
export async function raw(
  url: string,
  init: RequestInit & { project?: string | null } = {},
): Promise<{
  status: number;
  headers: Headers;
  body: Record<string, unknown> | null;
  text: string;
}> {
  const headers = new Headers(init.headers);
  if (init.project !== null) headers.set('X-Appwrite-Project', init.project ?? 'courtside');
  if (init.body !== undefined && !headers.has('content-type'))
    headers.set('content-type', 'application/json');
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  let body: Record<string, unknown> | null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, body, text };
}
