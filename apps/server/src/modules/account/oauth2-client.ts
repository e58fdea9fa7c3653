import { LRUCache } from 'lru-cache';
import { AppError } from '../../http/errors.js';
import type { OAuthProviderSettings } from './context.js';

/** Provider names of docs/protocol.md §3.0; a name outside this list is a bad argument. */
export const OAUTH_PROVIDER_NAMES = [
  'amazon', 'apple', 'authentik', 'autodesk', 'bitbucket', 'bitly', 'box', 'dailymotion',
  'discord', 'disqus', 'dropbox', 'etsy', 'facebook', 'github', 'gitlab', 'google', 'linkedin',
  'microsoft', 'notion', 'oidc', 'okta', 'paypal', 'paypalSandbox', 'podio', 'salesforce',
  'slack', 'spotify', 'stripe', 'tradeshift', 'tradeshiftBox', 'twitch', 'wordpress', 'yahoo',
  'yammer', 'yandex', 'zoom', 'mock',
] as const; // prettier-ignore

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  /** ISO date or '' when the provider did not say. */
  accessTokenExpiry: string;
}

export interface ProviderProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

const providerError = (message: string) => new AppError('user_oauth2_provider_error', message);

/** One JSON call to the provider; its refusals become the protocol's OAuth2 errors. */
async function providerCall(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit = {},
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw providerError('The sign-in provider could not be reached. Please try again.');
  }
  const body: unknown = await res.json().catch(() => null);
  if (!body || typeof body !== 'object') {
    throw providerError('The sign-in provider sent an answer that is not JSON.');
  }
  if (!res.ok) {
    const b = body as { error?: unknown; error_description?: unknown };
    const detail = String(b.error_description ?? b.error ?? res.status);
    throw new AppError(
      res.status === 401 ? 'user_oauth2_unauthorized' : 'user_oauth2_bad_request',
      `The sign-in provider refused the request: ${detail}`,
    );
  }
  return body as Record<string, unknown>;
}

/** The tokens of a token endpoint's answer; a refresh may leave the refresh token as it was. */
function tokensOf(t: Record<string, unknown>, previousRefresh: string, now: Date): ProviderTokens {
  const accessToken = typeof t.access_token === 'string' ? t.access_token : '';
  if (!accessToken) throw providerError('The sign-in provider sent no access token.');
  const expiresIn = Number(t.expires_in);
  return {
    accessToken,
    refreshToken: typeof t.refresh_token === 'string' ? t.refresh_token : previousRefresh,
    accessTokenExpiry: Number.isFinite(expiresIn)
      ? new Date(now.getTime() + expiresIn * 1000).toISOString().replace('Z', '+00:00')
      : '',
  };
}

/** Who signed in, from the provider's claims (userinfo or the ID token). */
function profileOf(claims: Record<string, unknown>): ProviderProfile {
  const sub = typeof claims.sub === 'string' || typeof claims.sub === 'number' ? claims.sub : '';
  if (!sub) throw new AppError('user_missing_id');
  const email = typeof claims.email === 'string' && claims.email ? claims.email : null;
  return {
    sub: String(sub),
    email: email?.toLowerCase() ?? null,
    emailVerified:
      email !== null && (claims.email_verified === true || claims.email_verified === 'true'),
    name: typeof claims.name === 'string' ? claims.name.slice(0, 128) : '',
  };
}

/**
 * The OpenID Connect side of a sign-in: discovery (cached for an hour), the authorization URL,
 * the code exchange and the profile. The profile comes from the userinfo endpoint, or from the
 * ID token's claims, which arrive straight from the token endpoint over TLS (OIDC Core 3.1.3.7).
 */
export function oauth2Client(fetchImpl: typeof fetch = fetch, now: () => Date = () => new Date()) {
  // Discovery documents by issuer, for an hour on the given clock (tests move it).
  const cache = new LRUCache<string, Discovery>({
    max: 100,
    ttl: 3600_000,
    perf: { now: () => now().getTime() },
  });

  const call = (url: string, init?: RequestInit) => providerCall(fetchImpl, url, init);

  async function discover(p: OAuthProviderSettings): Promise<Discovery> {
    const hit = cache.get(p.issuer);
    if (hit) return hit;
    const doc = (await call(
      `${p.issuer}/.well-known/openid-configuration`,
    )) as unknown as Discovery;
    if (typeof doc.authorization_endpoint !== 'string' || typeof doc.token_endpoint !== 'string') {
      throw providerError('The sign-in provider has no usable OpenID Connect configuration.');
    }
    cache.set(p.issuer, doc);
    return doc;
  }

  /** POSTs a grant to the token endpoint with the client's credentials, as discovery allows. */
  async function tokenRequest(p: OAuthProviderSettings, doc: Discovery, form: URLSearchParams) {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    const methods = doc.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (methods.includes('client_secret_post') && !methods.includes('client_secret_basic')) {
      form.set('client_id', p.clientId);
      form.set('client_secret', p.clientSecret);
    } else {
      const basic = `${encodeURIComponent(p.clientId)}:${encodeURIComponent(p.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
    }
    return call(doc.token_endpoint, { method: 'POST', headers, body: form });
  }

  return {
    /** New provider tokens for a session (PATCH /account/sessions/{id}). */
    async refresh(p: OAuthProviderSettings, refreshToken: string): Promise<ProviderTokens> {
      const doc = await discover(p);
      const form = new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      });
      return tokensOf(await tokenRequest(p, doc, form), refreshToken, now());
    },

    async authorizeUrl(
      p: OAuthProviderSettings,
      a: { redirectUri: string; state: string; scopes: readonly string[] },
    ): Promise<string> {
      const doc = await discover(p);
      const url = new URL(doc.authorization_endpoint);
      const scopes = new Set(['openid', 'email', 'profile', ...a.scopes]);
      url.searchParams.set('client_id', p.clientId);
      url.searchParams.set('redirect_uri', a.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', [...scopes].join(' '));
      url.searchParams.set('state', a.state);
      return url.href;
    },

    async complete(
      p: OAuthProviderSettings,
      a: { code: string; redirectUri: string },
    ): Promise<{ tokens: ProviderTokens; profile: ProviderProfile }> {
      const doc = await discover(p);
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code: a.code,
        redirect_uri: a.redirectUri,
      });
      const t = await tokenRequest(p, doc, form);
      const tokens = tokensOf(t, '', now());
      const accessToken = tokens.accessToken;

      let claims: Record<string, unknown> = {};
      if (doc.userinfo_endpoint) {
        claims = await call(doc.userinfo_endpoint, {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        });
      } else if (typeof t.id_token === 'string') {
        claims = idTokenClaims(t.id_token, doc.issuer, p.clientId);
      }
      return { tokens, profile: profileOf(claims) };
    },
  };
}

function idTokenClaims(idToken: string, issuer: string, clientId: string) {
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    throw providerError('The sign-in provider sent an unreadable ID token.');
  }
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== issuer || !aud.includes(clientId)) {
    throw providerError('The ID token was not issued for this shop.');
  }
  return claims;
}

export type OAuth2Client = ReturnType<typeof oauth2Client>;
