import { invalidArgument } from '../../../protocol/errors.js';
import { hasNul } from '../../../protocol/params.js';
import { parseQuery, QueryError } from '../../../protocol/queries.js';

/**
 * The few queries the account lists take (docs/protocol.md §3.0 logs, identities), read from the
 * 1.4 query strings the SDK writes: `limit(25)`, `offset(50)`, `equal("provider", ["google"])`.
 */
export interface ListQuery {
  limit: number;
  offset: number;
  /** attribute -> accepted values (equal), for the attributes a list allows. */
  equal: Map<string, string[]>;
}

const MAX_LIMIT = 5000;
/** Far past any real list, and inside what both databases bind as an integer. */
const MAX_OFFSET = 1_000_000_000;

/** One query string, read by the protocol's one parser (protocol/queries.ts). */
function parseOne(raw: string): { method: string; args: unknown[] } {
  const invalid = () => invalidArgument(`Invalid \`queries\` param: Invalid query: ${raw}`);
  // The lists take only whole calls: `limit(` is refused before it is read.
  if (!/^[A-Za-z]+\(.*\)$/s.test(raw.trim())) throw invalid();
  try {
    const { method, params } = parseQuery(raw.trim());
    return { method, args: params };
  } catch (e) {
    if (e instanceof QueryError) throw invalid();
    throw e;
  }
}

const count = (args: unknown[], method: string): number => {
  const n = args[0];
  if (args.length !== 1 || typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
    throw invalidArgument(
      `Invalid \`queries\` param: Invalid ${method} query: it takes one whole number.`,
    );
  }
  return n;
};

export function parseListQueries(
  queries: readonly string[] | undefined,
  options: {
    defaultLimit: number;
    methods: readonly string[];
    equalAttributes?: readonly string[];
  },
): ListQuery {
  const out: ListQuery = { limit: options.defaultLimit, offset: 0, equal: new Map() };
  for (const raw of queries ?? []) {
    const { method, args } = parseOne(raw);
    if (!options.methods.includes(method)) {
      throw invalidArgument(`Invalid \`queries\` param: Invalid query method: ${method}`);
    }
    if (method === 'limit') out.limit = Math.min(count(args, method), MAX_LIMIT);
    else if (method === 'offset') out.offset = Math.min(count(args, method), MAX_OFFSET);
    else if (method === 'equal') {
      const [attribute, values] = args;
      const list = Array.isArray(values) ? values : [values];
      if (
        typeof attribute !== 'string' ||
        !options.equalAttributes?.includes(attribute) ||
        list.some((v) => typeof v !== 'string')
      ) {
        throw invalidArgument(
          `Invalid \`queries\` param: Cannot query equal on attribute "${String(attribute)}". Allowed: ${(options.equalAttributes ?? []).join(', ')}`,
        );
      }
      if ((list as string[]).some(hasNul)) {
        throw invalidArgument(
          'Invalid `queries` param: equal values must be strings without NUL characters.',
        );
      }
      out.equal.set(attribute, list as string[]);
    }
  }
  return out;
}
