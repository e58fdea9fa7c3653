import { Query } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { useLabTwins } from '../support/lab-twins.js';
import { sdkUser } from '../support/sdk.js';

/**
 * Kept reads (http/kept-reads.ts): a guest's repeat of a read the API answered with an answer
 * kept for everyone is answered before the API's pipeline, byte for byte as the API answered it, and
 * only while the collection is unchanged; whoever is not plainly a guest, and whatever else,
 * goes on to the API.
 */
const lab = useLabTwins('d', 'Door', 3);

const served = () => lab.server.app.keptReads.stats().served;
const listUrl = (queries: string[], extra = '') =>
  `${lab.server.endpoint}/databases/lab/collections/items/documents?` +
  queries.map((q, i) => `queries%5B${i}%5D=${encodeURIComponent(q)}`).join('&') +
  extra;

/** The answer as the client sees it: status, headers but the date, and the body's bytes. */
async function read(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(url, {
    method,
    headers: { 'X-Appwrite-Project': 'courtside', ...headers },
  });
  const seen: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name !== 'date') seen[name] = value;
  });
  return { status: res.status, headers: seen, body: await res.text() };
}

describe('kept reads', () => {
  it("answers a guest's repeat with the API's own bytes and headers", async () => {
    for (const headers of [{}, { Origin: 'http://localhost:5173' }] as Record<string, string>[]) {
      // An address of its own for each: the first read is the API's, the second a kept read.
      const url = listUrl(
        [Query.orderAsc('n'), Query.limit(2)],
        `&x=${Object.keys(headers).length}`,
      );
      const before = served();
      const first = await read(url, headers);
      expect(first.status).toBe(200);
      expect(JSON.parse(first.body).documents.map((d: { title: string }) => d.title)).toEqual([
        'Door 0',
        'Door 1',
      ]);
      const again = await read(url, headers);
      expect(served()).toBe(before + 1);
      expect(again).toEqual(first);
    }
    const url = listUrl([Query.orderAsc('n'), Query.limit(2)]);
    await read(url);
    const granted = await read(url, { Origin: 'http://localhost:5173' });
    expect(granted.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const foreign = await read(url, { Origin: 'https://evil.example' });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers['access-control-allow-credentials']).toBeUndefined();
    const doc = `${lab.server.endpoint}/databases/lab/collections/items/documents/d1`;
    await read(doc);
    const before = served();
    expect(JSON.parse((await read(doc)).body).title).toBe('Door 1');
    expect(served()).toBe(before + 1);
  });

  it('answers afresh once the collection changed, here or in another process', async () => {
    const url = listUrl([Query.orderDesc('n'), Query.limit(1)]);
    const title = async () => JSON.parse((await read(url)).body).documents[0].title as string;
    expect(await title()).toBe('Door 2');
    expect(await title()).toBe('Door 2');
    const other = sdkUser(lab.twin);
    await other.account.createEmailSession(lab.user.email, lab.user.password);
    await other.databases.createDocument('lab', 'items', 'd9', { title: 'Door 9', n: 9 });
    const before = lab.server.app.keptReads.stats();
    expect(await title()).toBe('Door 9');
    expect(lab.server.app.keptReads.stats().stale).toBe(before.stale + 1);
    expect(lab.server.app.keptReads.stats().served).toBe(before.served);
    await lab.user.databases.updateDocument('lab', 'items', 'd9', { title: 'Door 9, renamed' });
    expect(await title()).toBe('Door 9, renamed');
    await other.databases.deleteDocument('lab', 'items', 'd9');
    expect(await title()).toBe('Door 2');
    expect(await title()).toBe('Door 2');
  });

  it('sends whoever is not plainly a guest, and any other project or method, to the API', async () => {
    const url = listUrl([Query.orderAsc('n'), Query.limit(3)]);
    await read(url);
    await read(url);
    const before = served();
    const session = lab.user.client.jar.get('cookieFallback');
    const passed = [
      await read(url, { 'X-Appwrite-Key': 'not-a-key' }),
      await read(url, { 'X-Appwrite-JWT': 'not-a-jwt' }),
      await read(url, { 'X-Fallback-Cookies': session ?? '{}' }),
      await read(url, { Cookie: 'a_session_courtside=bm90LWEtc2Vzc2lvbg' }),
      await read(url, { 'X-Appwrite-Project': 'someone-else' }),
      await read(url, {}, 'HEAD'),
    ];
    expect(served()).toBe(before);
    expect(passed.map((p) => p.status)).toEqual([401, 401, 200, 200, 404, 200]);
    expect(JSON.parse(passed[4]!.body).type).toBe('project_not_found');
  });

  it('knows an address whose project came in the query from one that needs the header', async () => {
    const url = listUrl([Query.limit(1)], '&project=courtside');
    const bare = (await fetch(url)).status;
    expect(bare).toBe(200);
    const before = served();
    expect((await fetch(url)).status).toBe(200);
    expect(served()).toBe(before + 1);
    const headerOnly = listUrl([Query.limit(1), Query.offset(1)]);
    await read(headerOnly);
    const missing = await fetch(headerOnly);
    expect(missing.status).toBe(404);
    expect(served()).toBe(before + 1);
  });
});
