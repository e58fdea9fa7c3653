import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkUser, type SdkUser } from '../support/sdk.js';
import type { ServerProcess } from '../support/server-process.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { ADMIN, fetchAs, fileOf, imageBytes } from '../support/storage.js';

/**
 * Two server processes on one database and Redis (`a` here, `b` a real process): a file deleted
 * through one is gone from the other at once, previews included, though the other had just
 * served it (from its memory of recent records and previews).
 */
let a: TestServer;
let b: ServerProcess;
let ownerOnA: SdkUser;
let ownerOnB: SdkUser;

beforeAll(async () => {
  a = await startTestServer({
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REALTIME_REDIS_CHANNEL: `courtside-test:realtime:${randomUUID()}`,
    },
  });
  b = await a.twin();
  ownerOnA = sdkUser(a);
  await ownerOnA.account.createEmailSession(ADMIN.email, ADMIN.password);
  ownerOnB = sdkUser(b);
  await ownerOnB.account.createEmailSession(ADMIN.email, ADMIN.password);
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('a file deleted through another server process', () => {
  it('answers 404 here at once, its preview too, though this process had just served it', async () => {
    const file = await ownerOnA.storage.createFile(
      'images',
      'unique()',
      fileOf(await imageBytes(40, 40), 'pair.png'),
      ['read("any")'],
    );
    const preview = ownerOnA.storage.getFilePreview('images', file.$id, 32);
    expect((await fetchAs(null, preview)).res.status).toBe(200);
    expect((await fetchAs(null, preview)).res.headers.get('x-appwrite-cache')).toBe('hit');

    await ownerOnB.storage.deleteFile('images', file.$id);
    // Redis carries the news to this process within moments, well inside the second that its
    // memory of recent records would otherwise keep the file alive.
    await new Promise((r) => setTimeout(r, 150));
    expect((await fetchAs(null, preview)).res.status).toBe(404);
    await expect(ownerOnA.storage.getFile('images', file.$id)).rejects.toMatchObject({
      code: 404,
    });
  });
});
