/**
 * A mistyped option or argument of a command (node:util parseArgs refuses it): what to say, with
 * where the usage is, or null for any other failure.
 */
export function argumentError(e: unknown, command: string): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_')) return null;
  return `${(e as Error).message}\nSee courtside ${command} --help.`;
}
