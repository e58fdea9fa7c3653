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
