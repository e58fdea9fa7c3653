/** API keys (X-Appwrite-Key). Only the sha256 of a key's secret is kept; times are ISO text. */
export interface ApiKeysTable {
  id: string;
  name: string;
  /** JSON list of scope names (protocol/scopes.ts). */
  scopes: string;
  secret_hash: string;
  created_at: string;
  /** When the key was last used ('' never), refreshed at most once a minute. */
  accessed_at: string;
  /** When the key was revoked ('' while it works). */
  revoked_at: string;
}

export type KeyTables = { api_keys: ApiKeysTable };
