import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import * as oidc from 'openid-client';
import { AppError } from '../../../protocol/errors.js';
import type { OAuthProviderSettings } from '../context.js';

/** Provider names of docs/protocol.md §3.0; a name outside this list is a bad argument. */
export const OAUTH_PROVIDER_NAMES = [
  'amazon', 'apple', 'authentik', 'autodesk', 'bitbucket', 'bitly', 'box', 'dailymotion',
  'discord', 'disqus', 'dropbox', 'etsy', 'facebook', 'github', 'gitlab', 'google', 'linkedin',
  'microsoft', 'notion', 'oidc', 'okta', 'paypal', 'paypalSandbox', 'podio', 'salesforce',
  'slack', 'spotify', 'stripe', 'tradeshift', 'tradeshiftBox', 'twitch', 'wordpress', 'yahoo',
  'yammer', 'yandex', 'zoom', 'mock',
] as const; // prettier-ignore

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

/**
 * The browser's secret for one sign-in (kept in its cookie, never sent to the provider): the PKCE
 * code verifier itself, and the ID token's expected nonce derived from it, so the server keeps
 * nothing between the start and the end of a sign-in.
 */
export const newSignInSecret = (): string => oidc.randomPKCECodeVerifier();
export const nonceOf = (secret: string): string =>
  createHash('sha256').update(`nonce:${secret}`).digest('base64url');

const providerError = (message: string) => new AppError('user_oauth2_provider_error', message);

/** What the library threw, as the protocol's OAuth2 errors, in words a person can act on. */
function providerFailure(e: unknown): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof oidc.ResponseBodyError) {
    const detail = e.error_description ?? e.error;
    return new AppError(
      e.status === 401 ? 'user_oauth2_unauthorized' : 'user_oauth2_bad_request',
      `The sign-in provider refused the request: ${detail}`,
    );
  }
  if (e instanceof oidc.AuthorizationResponseError) {
    const detail = e.error_description ?? e.error;
    return new AppError('user_oauth2_bad_request', `The sign-in was not completed: ${detail}`);
  }
  if (e instanceof oidc.ClientError && e.code === 'OAUTH_TIMEOUT') {
    return providerError('The sign-in provider could not be reached. Please try again.');
  }
  if (e instanceof TypeError || (e instanceof Error && e.name === 'AbortError')) {
    return providerError('The sign-in provider could not be reached. Please try again.');
  }
  const detail = e instanceof Error ? e.message : String(e);
  return providerError(`The sign-in provider's answer could not be trusted: ${detail}`);
}

/** The tokens of a token endpoint's answer; a refresh may leave the refresh token as it was. */
function tokensOf(
  t: oidc.TokenEndpointResponse,
  previousRefresh: string,
  now: Date,
): ProviderTokens {
  const expiresIn = Number(t.expires_in);
  return {
    accessToken: t.access_token,
    refreshToken: typeof t.refresh_token === 'string' ? t.refresh_token : previousRefresh,
    accessTokenExpiry: Number.isFinite(expiresIn)
      ? new Date(now.getTime() + expiresIn * 1000).toISOString().replace('Z', '+00:00')
      : '',
  };
}

/** Who signed in, from the provider's claims (the checked ID token, then userinfo). */
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

/** A provider on this machine (a development or test issuer) may speak plain HTTP. */
const isLocal = (issuer: URL) =>
  issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);

/**
 * The provider's configuration from its discovery document, with ID tokens checked against the
 * provider's published keys too (not only trusted for arriving over TLS from the token endpoint).
 */
async function discover(
  p: OAuthProviderSettings,
  fetchImpl: typeof fetch,
): Promise<oidc.Configuration> {
  const issuer = new URL(p.issuer);
  const options = {
    execute: [
      ...(isLocal(issuer) ? [oidc.allowInsecureRequests] : []),
      oidc.enableNonRepudiationChecks,
    ],
    [oidc.customFetch]: fetchImpl as oidc.CustomFetch,
    timeout: 10,
  };
  let config = await oidc
    .discovery(issuer, p.clientId, p.clientSecret, oidc.ClientSecretBasic(p.clientSecret), options)
    .catch((e: unknown) => {
      throw providerFailure(e);
    });
  // Basic authentication unless the provider takes only form credentials.
  const methods = config.serverMetadata().token_endpoint_auth_methods_supported;
  if (methods?.includes('client_secret_post') && !methods.includes('client_secret_basic')) {
    config = new oidc.Configuration(
      config.serverMetadata(),
      p.clientId,
      p.clientSecret,
      oidc.ClientSecretPost(p.clientSecret),
    );
    for (const run of options.execute) run(config);
    config[oidc.customFetch] = options[oidc.customFetch];
    config.timeout = options.timeout;
  }
  return config;
}

/**
 * OpenID Connect sign-in through `openid-client`: discovery (kept for an hour), the
 * authorization URL with PKCE (S256), a nonce and the state, the code exchange, whose ID token
 * the library checks (signature against the provider's keys, issuer, audience, expiry, nonce),
 * and the profile (the ID token's claims, completed by the userinfo endpoint when there is one).
 */
export function oauth2Client(fetchImpl: typeof fetch = fetch, now: () => Date = () => new Date()) {
  // Client configurations by issuer and client, for an hour on the given clock (tests move it).
  const cache = new LRUCache<string, oidc.Configuration>({
    max: 100,
    ttl: 3600_000,
    perf: { now: () => now().getTime() },
  });

  async function configOf(p: OAuthProviderSettings): Promise<oidc.Configuration> {
    const key = `${p.issuer} ${p.clientId}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const config = await discover(p, fetchImpl);
    cache.set(key, config);
    return config;
  }

  return {
    /** New provider tokens for a session (PATCH /account/sessions/{id}). */
    async refresh(p: OAuthProviderSettings, refreshToken: string): Promise<ProviderTokens> {
      try {
        const t = await oidc.refreshTokenGrant(await configOf(p), refreshToken);
        return tokensOf(t, refreshToken, now());
      } catch (e) {
        throw providerFailure(e);
      }
    },

    async authorizeUrl(
      p: OAuthProviderSettings,
      a: { redirectUri: string; state: string; scopes: readonly string[]; secret: string },
    ): Promise<string> {
      const config = await configOf(p);
      const scopes = new Set(['openid', 'email', 'profile', ...a.scopes]);
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: a.redirectUri,
        scope: [...scopes].join(' '),
        state: a.state,
        nonce: nonceOf(a.secret),
        code_challenge: await oidc.calculatePKCECodeChallenge(a.secret),
        code_challenge_method: 'S256',
      }).href;
    },

    async complete(
      p: OAuthProviderSettings,
      a: { params: URLSearchParams; redirectUri: string; state: string; secret: string },
    ): Promise<{ tokens: ProviderTokens; profile: ProviderProfile }> {
      try {
        const config = await configOf(p);
        const back = new URL(a.redirectUri);
        for (const [k, v] of a.params) back.searchParams.set(k, v);
        const t = await oidc.authorizationCodeGrant(config, back, {
          pkceCodeVerifier: a.secret,
          expectedNonce: nonceOf(a.secret),
          expectedState: a.state,
          idTokenExpected: true,
        });
        let claims: Record<string, unknown> = { ...t.claims() };
        if (config.serverMetadata().userinfo_endpoint) {
          const info = await oidc.fetchUserInfo(config, t.access_token, String(claims.sub));
          claims = { ...claims, ...info };
        }
        return { tokens: tokensOf(t, '', now()), profile: profileOf(claims) };
      } catch (e) {
        throw providerFailure(e);
      }
    },
  };
}
