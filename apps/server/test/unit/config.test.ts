import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('has embedded defaults: SQLite under ./data on port 3000', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database.kind).toBe('sqlite');
    expect(c.publicUrl.href).toBe('http://localhost:3000/');
    expect(c.ids).toMatchObject({
      project: 'courtside',
      database: 'shop',
      bucket: 'images',
      adminLabel: 'admin',
    });
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as ConfigError).message;
    expect(text).toMatch(/PORT/);
    expect(text).toMatch(/DATABASE_URL/);
    expect(text).toMatch(/PUBLIC_URL/);
  });

  it('picks PostgreSQL from DATABASE_URL and allows extra origins', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@h/db',
      ALLOWED_ORIGINS: 'https://shop.example.pk, m.example.pk',
    });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
    expect(c.allowedHostnames).toEqual(
      expect.arrayContaining(['shop.example.pk', 'm.example.pk', 'localhost']),
    );
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.c' })).toThrow(ConfigError);
  });
});
