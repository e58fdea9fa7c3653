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
