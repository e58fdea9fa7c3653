import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface FakeOidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

interface Grant {
  user: FakeOidcUser;
  redirectUri: string;
  nonce: string | null;
  challenge: string | null;
  challengeMethod: string | null;
}

/**
 * A tiny OpenID Connect provider in the test process (no network): discovery, its signing keys,
 * an authorize endpoint that signs in `nextUser` at once (or refuses when `deny` is set), a token
 * endpoint that checks PKCE and issues a signed ID token carrying the request's nonce, userinfo.
 * `forgeNonce` and `foreignKey` make it send an ID token the client must refuse.
 */
export async function startFakeOidc(clientId: string, clientSecret: string) {
  const keys = await generateKeyPair('ES256');
  const stranger = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, FakeOidcUser>();
  const refreshTokens = new Map<string, FakeOidcUser>();
  const state = {
    issuer: '',
    nextUser: { sub: 'sub-1' } as FakeOidcUser,
    deny: false,
    lastAuthorize: null as URL | null,
    lastTokenForm: null as URLSearchParams | null,
    tokenCalls: 0,
    forgeNonce: false,
    foreignKey: false,
  };

  const idToken = (user: FakeOidcUser, nonce: string | null) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      ...user,
      ...(nonce ? { nonce: state.forgeNonce ? 'not-the-nonce' : nonce } : {}),
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .setIssuer(state.issuer)
      .setAudience(clientId)
      .setSubject(user.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(state.foreignKey ? stranger.privateKey : keys.privateKey);
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return new URLSearchParams(text);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', state.issuer);
    void (async () => {
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(res, 200, {
          issuer: state.issuer,
          authorization_endpoint: `${state.issuer}/authorize`,
          token_endpoint: `${state.issuer}/token`,
          userinfo_endpoint: `${state.issuer}/userinfo`,
          jwks_uri: `${state.issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['ES256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
        });
      }
      if (url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
      if (url.pathname === '/authorize') {
        state.lastAuthorize = url;
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        if (state.deny || url.searchParams.get('client_id') !== clientId) {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The user said no');
        } else {
          const code = randomBytes(8).toString('hex');
          codes.set(code, {
            user: state.nextUser,
            redirectUri: back.origin + back.pathname,
            nonce: url.searchParams.get('nonce'),
            challenge: url.searchParams.get('code_challenge'),
            challengeMethod: url.searchParams.get('code_challenge_method'),
          });
          back.searchParams.set('code', code);
        }
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        state.tokenCalls++;
        const form = await readBody(req);
        state.lastTokenForm = form;
        // RFC 6749 §2.3.1: the id and secret are form-encoded, then joined and base64-encoded.
        const [id, secret] = Buffer.from(
          (req.headers.authorization ?? '').replace(/^Basic /, ''),
          'base64',
        )
          .toString('utf8')
          .split(':')
          .map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
        if (id !== clientId || secret !== clientSecret) {
          return json(res, 401, { error: 'invalid_client' });
        }
        let user: FakeOidcUser | undefined;
        let nonce: string | null = null;
        if (form.get('grant_type') === 'refresh_token') {
          user = refreshTokens.get(form.get('refresh_token') ?? '');
        } else {
          const grant = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          const verifier = form.get('code_verifier') ?? '';
          const proof = createHash('sha256').update(verifier).digest('base64url');
          const pkce =
            grant?.challenge === null ||
            (grant?.challengeMethod === 'S256' && grant.challenge === proof);
          if (!pkce) {
            return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE failed' });
          }
          if (grant?.redirectUri === form.get('redirect_uri')) {
            user = grant.user;
            nonce = grant.nonce;
          }
        }
        if (!user) return json(res, 400, { error: 'invalid_grant', error_description: 'Bad code' });
        const access = randomBytes(8).toString('hex');
        tokens.set(access, user);
        refreshTokens.set(`refresh-${access}`, user);
        return json(res, 200, {
          access_token: access,
          refresh_token: `refresh-${access}`,
          expires_in: 3600,
          token_type: 'Bearer',
          id_token: await idToken(user, nonce),
        });
      }
      if (url.pathname === '/userinfo') {
        const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        return user ? json(res, 200, user) : json(res, 401, { error: 'invalid_token' });
      }
      json(res, 404, { error: 'not_found' });
    })();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  state.issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return Object.assign(state, {
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  });
}
