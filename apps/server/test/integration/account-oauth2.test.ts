import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, raw } from '../support/expect-error.js';
import { startFakeOidc } from '../support/fake-oidc.js';
import { lastMailTo, linkIn } from '../support/outbox.js';
import { sdkUser, signedInUser, uniqueEmail } from '../support/sdk.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let provider: Awaited<ReturnType<typeof startFakeOidc>>;
const SUCCESS = 'http://localhost:3000/account/my-account';
const FAILURE = 'http://localhost:3000/login';

beforeAll(async () => {
  provider = await startFakeOidc('shop-client', 'shop-secret');
  server = await startTestServer({
    env: {
      PUBLIC_URL: 'http://localhost:3000',
      OAUTH_OIDC_ISSUER: provider.issuer,
      OAUTH_OIDC_CLIENT_ID: 'shop-client',
      OAUTH_OIDC_CLIENT_SECRET: 'shop-secret',
    },
  });
});
afterAll(async () => {
  await server.close();
  await provider.close();
});

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('=deleted'));

/**
 * The browser's part of the redirect dance, by hand: start, provider, callback, redirect.
 * Returns where the browser ends up and the session token the cookies carry, if any.
 */
async function browserSignIn(opts: { cookie?: string; dropNonce?: boolean } = {}) {
  const start = `${server.endpoint}/account/sessions/oauth2/oidc?project=courtside&success=${encodeURIComponent(SUCCESS)}&failure=${encodeURIComponent(FAILURE)}&scopes[0]=offline_access`;
  const first = await fetch(start, { redirect: 'manual' });
  expect(first.status).toBe(301);
  const nonceCookie = cookiesOf(first);
  const atProvider = await fetch(first.headers.get('location')!, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location')!);
  // PUBLIC_URL names a host the test server does not listen on; the path is what matters.
  const back = await fetch(`${server.origin}${callback.pathname}${callback.search}`, {
    redirect: 'manual',
  });
  expect(back.status).toBe(301);
  const cookie = [...(opts.dropNonce ? [] : nonceCookie), ...(opts.cookie ? [opts.cookie] : [])];
  const done = await fetch(new URL(back.headers.get('location')!, server.origin), {
    redirect: 'manual',
    headers: { cookie: cookie.join('; ') },
  });
  expect(done.status).toBe(301);
  const session = cookiesOf(done)
    .find((c) => c.startsWith('a_session_courtside='))
    ?.slice('a_session_courtside='.length);
  return { location: new URL(done.headers.get('location')!), session };
}

/** An SDK user carrying the session token the way a cross-site browser would. */
function sdkWithSession(token: string) {
  const user = sdkUser(server);
  user.client.jar.set(
    'cookieFallback',
    JSON.stringify({ a_session_courtside: decodeURIComponent(token) }),
  );
  return user;
}

describe('OAuth2 sign-in', () => {
  it('refuses unknown and unconfigured providers and foreign redirect hosts', async () => {
    const unknown = await raw(`${server.endpoint}/account/sessions/oauth2/myspace`);
    expect(unknown.status).toBe(400);
    expect(unknown.body?.type).toBe('general_argument_invalid');
    const off = await raw(`${server.endpoint}/account/sessions/oauth2/github`);
    expect(off.body).toMatchObject({ code: 412, type: 'project_provider_disabled' });
    const evil = await raw(
      `${server.endpoint}/account/sessions/oauth2/oidc?success=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(evil.status).toBe(400);
    expect(evil.body?.message).toMatch(/^Invalid `success` param: URL host must be one of/);
  });

  it('sends the browser to the provider with the scopes and a signed state', async () => {
    const res = await fetch(`${server.endpoint}/account/sessions/oauth2/oidc?project=courtside`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(301);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const to = new URL(res.headers.get('location')!);
    expect(to.origin + to.pathname).toBe(`${provider.issuer}/authorize`);
    expect(to.searchParams.get('client_id')).toBe('shop-client');
    expect(to.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/v1/account/sessions/oauth2/callback/oidc/courtside',
    );
    expect(to.searchParams.get('scope')).toBe('openid email profile');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(res.headers.getSetCookie().join()).toMatch(/a_oauth2_courtside=[\w-]{43};.*HttpOnly/);
  });

  it('proves the code with PKCE and refuses an ID token with another nonce or key', async () => {
    provider.nextUser = { sub: 'pkce-1', email: uniqueEmail('pkce'), email_verified: true };
    const fine = await browserSignIn();
    expect(fine.session).toBeDefined();
    const form = provider.lastTokenForm!;
    expect(form.get('code_verifier')).toMatch(/^[\w-]{43}$/);
    expect(provider.lastAuthorize!.searchParams.get('code_challenge')).toBe(
      createHash('sha256').update(form.get('code_verifier')!).digest('base64url'),
    );

    for (const forge of ['forgeNonce', 'foreignKey'] as const) {
      provider[forge] = true;
      const refused = await browserSignIn();
      provider[forge] = false;
      expect(refused.session).toBeUndefined();
      expect(refused.location.origin + refused.location.pathname).toBe(FAILURE);
      expect(JSON.parse(refused.location.searchParams.get('error')!)).toMatchObject({
        type: 'user_oauth2_provider_error',
        code: 500,
      });
    }
  });

  it('creates a verified user and an identity, then signs the same person in again', async () => {
    const email = uniqueEmail('google');
    provider.nextUser = { sub: 'new-1', email, email_verified: true, name: 'Hina Shah' };
    const first = await browserSignIn();
    expect(first.location.href).toBe(SUCCESS);
    const user = sdkWithSession(first.session!);
    const me = await user.account.get();
    expect(me).toMatchObject({ email, name: 'Hina Shah', emailVerification: true });
    const session = await user.account.getSession('current');
    expect(session).toMatchObject({ provider: 'oidc', providerUid: 'new-1' });
    expect(session.providerAccessToken).not.toBe('');
    expect(session.providerRefreshToken).toMatch(/^refresh-/);

    // PATCH /account/sessions/current asks the provider for fresh tokens.
    const refreshed = await user.account.updateSession('current');
    expect(refreshed.providerAccessToken).not.toBe(session.providerAccessToken);
    expect(refreshed.providerRefreshToken).toBe(`refresh-${refreshed.providerAccessToken}`);
    expect(refreshed.providerAccessTokenExpiry).not.toBe('');

    const again = await browserSignIn();
    const second = sdkWithSession(again.session!);
    expect((await second.account.get()).$id).toBe(me.$id);
    const list = await second.account.listIdentities();
    expect(list.total).toBe(1);
    expect(list.identities[0]).toMatchObject({
      userId: me.$id,
      provider: 'oidc',
      providerUid: 'new-1',
      providerEmail: email,
    });
  });

  it('links the provider to the signed-in user, and to a user with the verified e-mail', async () => {
    const user = await signedInUser(server);
    provider.nextUser = { sub: 'link-1', email: uniqueEmail('other'), email_verified: true };
    const token = JSON.parse(user.client.jar.get('cookieFallback')!).a_session_courtside;
    const linked = await browserSignIn({
      cookie: `a_session_courtside=${encodeURIComponent(token)}`,
    });
    expect((await sdkWithSession(linked.session!).account.get()).$id).toBe(user.me.$id);

    // An account that proved its address (the verification link) is the same person.
    const byEmail = await signedInUser(server);
    await byEmail.account.createVerification('http://localhost:3000/account/verify-email');
    const link = linkIn(await lastMailTo(server.dataDir, byEmail.email));
    await byEmail.account.updateVerification(byEmail.me.$id, link.searchParams.get('secret')!);
    provider.nextUser = { sub: 'link-2', email: byEmail.email, email_verified: true };
    const signedIn = await browserSignIn();
    expect((await sdkWithSession(signedIn.session!).account.get()).$id).toBe(byEmail.me.$id);
  });

  it('never links to an account that has not verified the e-mail (pre-registration)', async () => {
    // Someone registers the victim's address first, with a password of their own...
    const squatter = await signedInUser(server);
    // ...then the victim signs in with a provider that has verified that address.
    provider.nextUser = { sub: 'victim-1', email: squatter.email, email_verified: true };
    const victim = await browserSignIn();
    expect(victim.session).toBeUndefined();
    expect(JSON.parse(victim.location.searchParams.get('error')!)).toMatchObject({
      type: 'user_email_already_exists',
      code: 409,
    });
    expect((await squatter.account.listIdentities()).total).toBe(0);
  });

  it('sends failures to the failure URL with the error', async () => {
    const taken = await signedInUser(server);
    provider.nextUser = { sub: 'unverified-1', email: taken.email, email_verified: false };
    const conflict = await browserSignIn();
    expect(conflict.session).toBeUndefined();
    expect(conflict.location.origin + conflict.location.pathname).toBe(FAILURE);
    expect(JSON.parse(conflict.location.searchParams.get('error')!)).toMatchObject({
      type: 'user_email_already_exists',
      code: 409,
    });

    provider.deny = true;
    const denied = await browserSignIn();
    provider.deny = false;
    expect(JSON.parse(denied.location.searchParams.get('error')!)).toMatchObject({
      type: 'user_oauth2_bad_request',
      message: 'The sign-in was not completed: The user said no',
    });

    provider.nextUser = { sub: 'csrf-1' };
    const elsewhere = await browserSignIn({ dropNonce: true });
    expect(elsewhere.session).toBeUndefined();
    expect(JSON.parse(elsewhere.location.searchParams.get('error')!).type).toBe(
      'user_oauth2_unauthorized',
    );
  });

  it('refuses a forged state with the protocol error', async () => {
    const res = await raw(
      `${server.endpoint}/account/sessions/oauth2/oidc/redirect?code=x&state=forged.state.value`,
    );
    expect(res.status).toBe(400);
    expect(res.body?.type).toBe('general_argument_invalid');
  });
});

describe('identities', () => {
  it('lists only the caller’s identities and deletes them', async () => {
    provider.nextUser = { sub: 'ident-1', email: uniqueEmail('ident'), email_verified: true };
    const { session } = await browserSignIn();
    const user = sdkWithSession(session!);
    const list = await user.account.listIdentities();
    expect(list.total).toBe(1);
    const other = await signedInUser(server);
    expect((await other.account.listIdentities()).total).toBe(0);
    await expectError(other.account.deleteIdentity(list.identities[0]!.$id), {
      code: 404,
      type: 'user_identity_not_found',
    });
    // The SDK sends one query as a plain string (docs/protocol.md §3.0 quirk); both forms work.
    expect((await user.account.listIdentities('equal("provider", ["google"])')).total).toBe(0);
    expect((await user.account.listIdentities('limit(1)')).identities).toHaveLength(1);
    await expectError(user.account.listIdentities('search("provider", "o")'), {
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid `queries` param: Invalid query method: search',
    });
    await user.account.deleteIdentity(list.identities[0]!.$id);
    expect((await user.account.listIdentities()).total).toBe(0);
    const logs = await user.account.listLogs();
    expect(logs.logs[0]!.event).toBe('identity.delete');
  });
});
