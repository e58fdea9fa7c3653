import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  appendSetCookie,
  isHttps,
  readCookies,
  serializeCookie,
} from '../../../protocol/cookies.js';
import { AppError, invalidArgument } from '../../../protocol/errors.js';
import { hostUrl, optional, readParams, stringList } from '../../../protocol/params.js';
import { input } from '../../../protocol/request.js';
import { safeEqual, sha256 } from '../../../tools/crypto.js';
import { signJwt, verifyJwt } from '../../../tools/jwt.js';
import type { AccountDeps, AccountFlows, OAuthProviderSettings } from '../context.js';
import { newSignInSecret, OAUTH_PROVIDER_NAMES, oauth2Client } from './oauth2-client.js';
import { userForProvider } from './oauth2-users.js';
import { HOUR, limit, requestContext } from '../route-helpers.js';
import type { SessionModel } from '../models.js';
import { createSession, updateSessionTokens } from '../sessions/sessions.js';
import type { SessionTransport } from '../sessions/session-transport.js';

const STATE_SECONDS = 600;
const NO_STORE = {
  'Cache-Control': 'no-store, no-cache, must-revalidate, max-age=0',
  Pragma: 'no-cache',
};

interface State {
  provider: string;
  success: string;
  failure: string;
  /**
   * sha256 of the sign-in secret kept in this browser's cookie (the PKCE verifier, from which the
   * ID token's nonce is derived): the flow must end where it began.
   */
  nonceHash: string;
}

/** What the three routes of the flow share: the provider client, the state and nonce, redirects. */
function oauth2Kit(deps: AccountDeps, flows: AccountFlows) {
  const client = oauth2Client(flows.fetch, () => deps.clock.now());
  const projectId = deps.settings.projectId;
  const cookieName = `a_oauth2_${projectId}`;
  const redirectUri = (provider: string) =>
    new URL(`/v1/account/sessions/oauth2/callback/${provider}/${projectId}`, flows.publicUrl).href;
  const secure = (req: FastifyRequest) => isHttps(req) || flows.publicUrl.protocol === 'https:';

  const settingsOf = (req: FastifyRequest): OAuthProviderSettings => {
    const { provider } = req.params as { provider: string };
    if (!(OAUTH_PROVIDER_NAMES as readonly string[]).includes(provider)) {
      throw invalidArgument(
        `Invalid \`provider\` param: Value must be one of (${OAUTH_PROVIDER_NAMES.join(', ')})`,
      );
    }
    const settings = flows.oauth[provider];
    if (!settings) {
      throw new AppError(
        'project_provider_disabled',
        `The ${provider} sign-in is not enabled on this shop.`,
      );
    }
    return settings;
  };

  const readState = async (req: FastifyRequest, provider: string): Promise<State> => {
    const raw = (req.query as Record<string, unknown>).state;
    const payload =
      typeof raw === 'string'
        ? await verifyJwt(raw, deps.settings.secret, { now: deps.clock.now() })
        : null;
    if (!payload || payload.provider !== provider) {
      throw invalidArgument('The sign-in took too long or did not start here. Please try again.');
    }
    return payload as unknown as State;
  };

  const fail = (reply: FastifyReply, state: State, error: AppError) => {
    const target = new URL(state.failure);
    target.searchParams.set(
      'error',
      JSON.stringify({ message: error.message, type: error.type, code: error.status }),
    );
    return reply.code(301).headers(NO_STORE).header('Location', target.href).send();
  };

  return {
    client,
    projectId,
    cookieName,
    redirectUri,
    secure,
    settingsOf,
    readState,
    fail,
  };
}

type Kit = ReturnType<typeof oauth2Kit>;

/** Sends the browser to the provider, with a signed state and a nonce kept in its cookie. */
const startRoute =
  (
    { client, cookieName, redirectUri, secure, settingsOf }: Kit,
    deps: AccountDeps,
    flows: AccountFlows,
  ) =>
  async (req: FastifyRequest, reply: FastifyReply) => {
    const settings = settingsOf(req);
    const url = optional(hostUrl(flows.redirectHostnames));
    const p = readParams(input(req), {
      success: url,
      failure: url,
      scopes: optional(stringList(100, 4096)),
    });
    const secret = newSignInSecret();
    const state: State = {
      provider: settings.name,
      success: p.success ?? new URL('/', flows.webUrl).href,
      failure: p.failure ?? new URL('/login', flows.webUrl).href,
      nonceHash: sha256(secret),
    };
    const now = deps.clock.now();
    const expires = new Date(now.getTime() + STATE_SECONDS * 1000);
    const signed = await signJwt({ ...state }, deps.settings.secret, {
      issuedAt: now,
      expiresAt: expires,
    });
    const location = await client.authorizeUrl(settings, {
      redirectUri: redirectUri(settings.name),
      state: signed,
      scopes: p.scopes ?? [],
      secret,
    });
    appendSetCookie(
      reply,
      serializeCookie(cookieName, secret, {
        expires,
        maxAge: STATE_SECONDS,
        secure: secure(req),
        sameSite: 'Lax',
      }),
    );
    return reply.code(301).headers(NO_STORE).header('Location', location).send();
  };

/** The provider's way back; it carries no project header, so it only forwards. */
const callbackRoute =
  ({ projectId }: Kit, flows: AccountFlows) =>
  async (req: FastifyRequest, reply: FastifyReply) => {
    const { provider } = req.params as { provider: string };
    const query = req.query as Record<string, unknown>;
    const target = new URL(
      `/v1/account/sessions/oauth2/${encodeURIComponent(provider)}/redirect`,
      flows.publicUrl,
    );
    target.searchParams.set('project', projectId);
    for (const key of ['code', 'state', 'iss', 'error', 'error_description']) {
      if (typeof query[key] === 'string') target.searchParams.set(key, query[key]);
    }
    return reply
      .code(301)
      .headers(NO_STORE)
      .header('Location', `${target.pathname}${target.search}`)
      .send();
  };

/** Exchanges the code, finds or creates the user, makes the session, returns to the shop. */
const redirectRoute =
  (
    { client, cookieName, redirectUri, secure, settingsOf, readState, fail }: Kit,
    deps: AccountDeps,
    transport: SessionTransport,
  ) =>
  async (req: FastifyRequest, reply: FastifyReply) => {
    const settings = settingsOf(req);
    const state = await readState(req, settings.name);
    appendSetCookie(
      reply,
      serializeCookie(cookieName, 'deleted', {
        expires: new Date(1000),
        maxAge: 0,
        secure: secure(req),
        sameSite: 'Lax',
      }),
    );
    const q = req.query as Record<string, unknown>;
    try {
      const secret = readCookies(req.headers.cookie).get(cookieName) ?? '';
      if (!secret || !safeEqual(sha256(secret), state.nonceHash)) {
        throw new AppError(
          'user_oauth2_unauthorized',
          'The sign-in did not start in this browser. Please try again.',
        );
      }
      if (typeof q.error === 'string' && q.error) {
        const detail = typeof q.error_description === 'string' ? q.error_description : q.error;
        throw new AppError('user_oauth2_bad_request', `The sign-in was not completed: ${detail}`);
      }
      if (typeof q.code !== 'string' || !q.code) {
        throw new AppError('user_oauth2_bad_request', 'The sign-in provider sent no code.');
      }
      const params = new URLSearchParams();
      for (const key of ['code', 'state', 'iss']) {
        if (typeof q[key] === 'string') params.set(key, q[key]);
      }
      const { tokens, profile } = await client.complete(settings, {
        params,
        redirectUri: redirectUri(settings.name),
        state: String(q.state),
        secret,
      });
      const ctx = requestContext(req);
      const callerId = req.caller.user?.$id ?? null;
      const user = await userForProvider(deps, settings.name, callerId, profile, tokens, ctx);
      if (!user.status) throw new AppError('user_blocked');
      const issued = await createSession(
        deps,
        user.id,
        { name: settings.name, uid: profile.sub, tokens },
        ctx,
      );
      transport.issue(req, reply, issued.token, issued.expire);
      return reply.code(301).headers(NO_STORE).header('Location', state.success).send();
    } catch (e) {
      if (e instanceof AppError) return fail(reply, state, e);
      req.log.error({ err: e }, 'OAuth2 sign-in failed');
      return fail(reply, state, new AppError('general_unknown'));
    }
  };

/** Refreshes an OAuth2 session's provider tokens (PATCH /account/sessions/{sessionId}). */
export type ProviderTokenRefresher = (
  userId: string,
  session: SessionModel,
  currentId: string | null,
) => Promise<SessionModel>;

/**
 * OAuth2 / OpenID Connect sign-in (docs/protocol.md §3.0): the start route sends the browser to the
 * provider; the provider comes back to the callback, which hands over to the redirect route; that
 * one exchanges the code, finds or creates the user, makes the session and sends the browser to the
 * success URL (or the failure URL with the error).
 */
export function registerOAuth2Routes(
  api: FastifyInstance,
  deps: AccountDeps,
  flows: AccountFlows,
  transport: SessionTransport,
): ProviderTokenRefresher {
  const kit = oauth2Kit(deps, flows);
  const limits = { rateLimits: [limit(50, HOUR, 'ip')] };
  api.get('/account/sessions/oauth2/:provider', { config: limits }, startRoute(kit, deps, flows));
  api.get(
    '/account/sessions/oauth2/callback/:provider/:projectId',
    { config: { bypassPipeline: true } },
    callbackRoute(kit, flows),
  );
  api.get(
    '/account/sessions/oauth2/:provider/redirect',
    { config: limits },
    redirectRoute(kit, deps, transport),
  );

  return async (userId, session, currentId) => {
    const settings = flows.oauth[session.provider];
    if (!settings || !session.providerRefreshToken) {
      throw new AppError(
        'project_provider_unsupported',
        `The session provider "${session.provider}" has no tokens to refresh.`,
      );
    }
    const tokens = await kit.client.refresh(settings, session.providerRefreshToken);
    return updateSessionTokens(deps, userId, session.$id, currentId, tokens);
  };
}
