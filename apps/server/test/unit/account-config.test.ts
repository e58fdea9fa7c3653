import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('account configuration: SMS and OAuth2 providers', () => {
  it('has no providers and the SMS outbox by default', () => {
    const c = loadConfig({});
    expect(c.oauth).toEqual({});
    expect(c.smsUrl).toBeNull();
    expect(c.smsFrom).toBe('Courtside');
  });

  it('enables a provider with a client id and secret, using its known issuer', () => {
    const c = loadConfig({
      OAUTH_GOOGLE_CLIENT_ID: 'id',
      OAUTH_GOOGLE_CLIENT_SECRET: 'secret',
      OAUTH_OIDC_CLIENT_ID: 'x',
      OAUTH_OIDC_CLIENT_SECRET: 'y',
      OAUTH_OIDC_ISSUER: 'https://id.example.com/realms/shop/',
      SMS_URL: 'https://sms-relay.example.com/send',
    });
    expect(c.oauth.google).toEqual({
      name: 'google',
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    expect(c.oauth.oidc?.issuer).toBe('https://id.example.com/realms/shop');
    expect(c.smsUrl).toBe('https://sms-relay.example.com/send');
  });

  it('says which provider settings are incomplete', () => {
    let error: unknown;
    try {
      loadConfig({
        OAUTH_GOOGLE_CLIENT_ID: 'id',
        OAUTH_OIDC_CLIENT_ID: 'x',
        OAUTH_OIDC_CLIENT_SECRET: 'y',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'OAUTH_GOOGLE_CLIENT_ID and OAUTH_GOOGLE_CLIENT_SECRET: set both or neither',
      "OAUTH_OIDC_ISSUER: must be the provider's absolute issuer URL",
    ]);
  });
});

describe('hosts that links and redirects may point at', () => {
  it("are the shop's own hosts; localhost only when the shop runs there", () => {
    const c = loadConfig({
      PUBLIC_URL: 'https://shop.example.pk',
      WEB_URL: 'https://www.example.pk',
      ALLOWED_ORIGINS: 'https://m.example.pk',
    });
    expect(c.redirectHostnames).toEqual(['shop.example.pk', 'www.example.pk', 'm.example.pk']);
    // Browsers on localhost may still call the API (a developer's web app), per docs/protocol.md,
    // addition 1.
    expect(c.allowedHostnames).toEqual(expect.arrayContaining(['localhost', 'shop.example.pk']));

    const local = loadConfig({ PUBLIC_URL: 'http://localhost:3000' });
    expect(local.redirectHostnames).toEqual(['localhost', '127.0.0.1', '[::1]']);
    const byIp = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' });
    expect(byIp.redirectHostnames).toEqual(['127.0.0.1', 'localhost', '[::1]']);
  });
});
