import { createServer } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmsSender } from '../../src/tools/sms.js';

describe('SMS sender', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes each text to the SMS outbox without a webhook', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sms-'));
    const logged: Record<string, unknown>[] = [];
    const sms = createSmsSender({
      webhookUrl: null,
      from: 'Courtside',
      outboxDir: join(dir, 'sms-outbox'),
      log: (info) => logged.push(info),
    });
    expect((await sms.send({ to: '+923001234567', text: '123456 is your code' })).delivered).toBe(
      'outbox',
    );
    const files = await readdir(join(dir, 'sms-outbox'));
    expect(files).toHaveLength(1);
    const text = await readFile(join(dir, 'sms-outbox', files[0]!), 'utf8');
    expect(text).toBe('From: Courtside\nTo: +923001234567\n\n123456 is your code\n');
    expect(logged[0]).toMatchObject({ to: '+923001234567' });
  });

  it('posts JSON to the webhook and fails loudly when it refuses', async () => {
    const received: unknown[] = [];
    let status = 200;
    const hook = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((ok) => hook.listen(0, '127.0.0.1', ok));
    const address = hook.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const sms = createSmsSender({
        webhookUrl: `http://127.0.0.1:${port}/sms`,
        from: 'Courtside',
        outboxDir: '/nonexistent',
        log: () => undefined,
      });
      expect((await sms.send({ to: '+923001234567', text: 'hi' })).delivered).toBe('webhook');
      expect(received[0]).toMatchObject({ from: 'Courtside', to: '+923001234567', text: 'hi' });
      status = 502;
      await expect(sms.send({ to: '+923001234567', text: 'hi' })).rejects.toThrow(/502/);
    } finally {
      await new Promise<void>((ok) => hook.close(() => ok()));
    }
  });
});
