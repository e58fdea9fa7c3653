import { AppwriteException } from 'appwrite';

/** The message to show a person for a failed call: the server's own words when it has some. */
export function messageOf(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  if (error instanceof AppwriteException && error.message) {
    return error.code === 0
      ? 'Could not reach the shop. Check your connection and try again.'
      : error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
