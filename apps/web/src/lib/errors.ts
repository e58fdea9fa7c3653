import { FRIENDLY_ERRORS } from '@courtside/shop';
import { AppwriteException } from 'appwrite';

/** The protocol's own words for a server error nobody explained (1.4's general_unknown). */
const GENERIC_SERVER_MESSAGE = 'Server Error';

/**
 * The message to show a person for a failed call: the server's own words when they are written
 * for customers, friendlier ones (FRIENDLY_ERRORS) where they are written for developers.
 */
export function messageOf(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  if (error instanceof AppwriteException && error.message) {
    if (error.code === 0) return 'Could not reach the shop. Check your connection and try again.';
    const friendly = FRIENDLY_ERRORS[error.type];
    // A server error the server explained itself ("The SMS could not be sent...") keeps its words.
    const explained = error.code >= 500 && error.message !== GENERIC_SERVER_MESSAGE;
    return friendly && !explained ? friendly : error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** A failed SDK call as an RTK Query endpoint returns it: the words to show, and the HTTP code. */
export interface CallError {
  message: string;
  code?: number;
  /** The protocol's error type (`shop_price_changed`, ...), for a page that tests for one. */
  type?: string;
}

/** The failure of an SDK call, for an RTK Query `queryFn`. */
export function callError(error: unknown): { error: CallError } {
  const { code, type } = (error ?? {}) as { code?: unknown; type?: unknown };
  return {
    error: {
      message: messageOf(error),
      ...(typeof code === 'number' ? { code } : {}),
      ...(typeof type === 'string' && type ? { type } : {}),
    },
  };
}

/** Runs one SDK call for a `queryFn`: data on success, the server's message on failure. */
export async function call<T>(run: () => Promise<T>): Promise<{ data: T } | { error: CallError }> {
  try {
    return { data: await run() };
  } catch (error) {
    return callError(error);
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
