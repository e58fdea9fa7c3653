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

  it('reads the restore wait and the shutdown delay, refusing values out of range', () => {
    expect(loadConfig({})).toMatchObject({ restoreWaitSeconds: 900, shutdownDelayMs: 1000 });
    expect(loadConfig({ RESTORE_WAIT_SECONDS: '0', SHUTDOWN_DELAY_MS: '5000' })).toMatchObject({
      restoreWaitSeconds: 0,
      shutdownDelayMs: 5000,
    });
    let error: unknown;
    try {
      loadConfig({ RESTORE_WAIT_SECONDS: '-1', SHUTDOWN_DELAY_MS: 'soon' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'RESTORE_WAIT_SECONDS',
      'SHUTDOWN_DELAY_MS',
    ]);
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

  it('keeps files on the local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(
      loadConfig({
        S3_BUCKET: 'courtside-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'on',
      }).s3,
    ).toEqual({
      bucket: 'courtside-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // AWS itself: no endpoint, the SDK's own credentials.
    expect(loadConfig({ S3_BUCKET: 'shop.files', S3_REGION: 'ap-south-1' }).s3).toMatchObject({
      endpoint: null,
      region: 'ap-south-1',
      accessKeyId: null,
      forcePathStyle: false,
    });
  });

  it('stops on S3 settings that cannot work, naming each', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (e) {
        return (e as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k' })).toEqual([
      'S3_ENDPOINT, S3_ACCESS_KEY_ID: set S3_BUCKET too to keep files in S3, or unset them to keep them under DATA_DIR',
    ]);
    expect(
      problems({
        S3_BUCKET: 'Not_A_Bucket',
        S3_ENDPOINT: 'minio:9000',
        S3_REGION: 'Mumbai please',
        S3_ACCESS_KEY_ID: 'k',
        S3_FORCE_PATH_STYLE: 'sometimes',
      }).map((p) => p.split(':')[0]),
    ).toEqual([
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ]);
  });
});
