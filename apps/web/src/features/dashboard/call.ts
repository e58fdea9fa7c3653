import { messageOf } from '../../lib/errors';

export interface CallError {
  message: string;
  code?: number;
}

/** Runs one SDK call for a `queryFn`: data on success, the server's message on failure. */
export async function call<T>(run: () => Promise<T>): Promise<{ data: T } | { error: CallError }> {
  try {
    return { data: await run() };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return {
      error: {
        message: messageOf(error),
        ...(typeof code === 'number' ? { code } : {}),
      },
    };
  }
}

/** The message of a failed RTK Query call, whatever produced it. */
export function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return 'Something went wrong. Please try again.';
}

const codeOf = (error: unknown): number | undefined => {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'number' ? code : undefined;
};

/** The thing asked for is not there (deleted, or a wrong link): trying again will not help. */
export const isMissing = (error: unknown) => codeOf(error) === 404;

/**
 * Whether trying the same call again may work: a lost connection, a busy or failing server, a
 * rate limit. A refusal (bad request, not allowed, not found) gives the same answer again.
 */
export function worthRetrying(error: unknown): boolean {
  const code = codeOf(error);
  return code === undefined || code === 0 || code === 408 || code === 429 || code >= 500;
}
