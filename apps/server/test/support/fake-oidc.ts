import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakeOidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * A tiny OpenID Connect provider in the test process (no network): discovery, an authorize
 * endpoint that signs in `nextUser` at once (or refuses when `deny` is set), token, userinfo.
 */
export async function startFakeOidc(clientId: string, clientSecret: string) {
  const codes = new Map<string, { user: FakeOidcUser; redirectUri: string }>();
  const tokens = new Map<string, FakeOidcUser>();
  const refreshTokens = new Map<string, FakeOidcUser>();
  const state = {
    issuer: '',
    nextUser: { sub: 'sub-1' } as FakeOidcUser,
    deny: false,
    lastAuthorize: null as URL | null,
    tokenCalls: 0,
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
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
        });
      }
      if (url.pathname === '/authorize') {
        state.lastAuthorize = url;
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        if (state.deny || url.searchParams.get('client_id') !== clientId) {
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The user said no');
        } else {
          const code = randomBytes(8).toString('hex');
          codes.set(code, { user: state.nextUser, redirectUri: back.origin + back.pathname });
          back.searchParams.set('code', code);
        }
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        state.tokenCalls++;
        const form = await readBody(req);
        const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
        if (req.headers.authorization !== `Basic ${basic}`) {
          return json(res, 401, { error: 'invalid_client' });
        }
        let user: FakeOidcUser | undefined;
        if (form.get('grant_type') === 'refresh_token') {
          user = refreshTokens.get(form.get('refresh_token') ?? '');
        } else {
          const grant = codes.get(form.get('code') ?? '');
          codes.delete(form.get('code') ?? '');
          if (grant?.redirectUri === form.get('redirect_uri')) user = grant.user;
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
