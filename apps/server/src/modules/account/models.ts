import type { CallerUser } from '../../protocol/caller.js';
import { readUserAgent } from '../../tools/user-agent.js';
import type { SessionsTable, UsersTable } from './tables.js';

/** The Account model of docs/protocol.md §4.1: never the hash, the sessions or internal fields. */
export interface AccountModel {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  name: string;
  registration: string;
  status: boolean;
  labels: string[];
  passwordUpdate: string;
  email: string;
  phone: string;
  emailVerification: boolean;
  phoneVerification: boolean;
  prefs: Record<string, unknown>;
  accessedAt: string;
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toAccountModel(u: UsersTable): AccountModel {
  return {
    $id: u.id,
    $createdAt: u.created_at,
    $updatedAt: u.updated_at,
    name: u.name ?? '',
    registration: u.registration,
    status: Boolean(u.status),
    labels: parseJson<string[]>(u.labels, []),
    passwordUpdate: u.password_updated_at ?? '',
    email: u.email ?? '',
    phone: u.phone ?? '',
    emailVerification: Boolean(u.email_verification),
    phoneVerification: Boolean(u.phone_verification),
    prefs: parseJson<Record<string, unknown>>(u.prefs, {}),
    accessedAt: u.accessed_at,
  };
}

export function toCallerUser(u: UsersTable): CallerUser {
  return {
    $id: u.id,
    email: u.email ?? '',
    phone: u.phone ?? '',
    name: u.name ?? '',
    labels: parseJson<string[]>(u.labels, []),
    status: Boolean(u.status),
    emailVerification: Boolean(u.email_verification),
    phoneVerification: Boolean(u.phone_verification),
  };
}

/** The Session model of docs/protocol.md §4.2; device fields come from the stored User-Agent. */
export function toSessionModel(s: SessionsTable, currentId: string | null) {
  return {
    $id: s.id,
    $createdAt: s.created_at,
    userId: s.user_id,
    expire: s.expire,
    provider: s.provider,
    providerUid: s.provider_uid,
    providerAccessToken: s.provider_access_token,
    providerAccessTokenExpiry: s.provider_access_token_expiry,
    providerRefreshToken: s.provider_refresh_token,
    ip: s.ip,
    ...readUserAgent(s.user_agent),
    countryCode: '--',
    countryName: 'Unknown',
    current: s.id === currentId,
  };
}

export type SessionModel = ReturnType<typeof toSessionModel>;
