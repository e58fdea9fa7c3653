import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailTransport } from '../../src/tools/mailer.js';

describe('mailer without SMTP', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes each message to the outbox as an .eml file and logs where', async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    const logged: string[] = [];
    const mailer = createMailTransport({
      smtpUrl: null,
      from: 'Courtside <no-reply@courtside.local>',
      outboxDir: join(dir, 'outbox'),
      log: (info) => logged.push(String(info.file)),
    });
    const result = await mailer.deliver({
      to: 'ayesha@example.pk',
      subject: 'Your Courtside order #a1b2c3',
      text: 'Total: Rs.12,500',
    });
    expect(result.delivered).toBe('outbox');
    const files = await readdir(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(join(dir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: ayesha@example.pk');
    expect(eml).toContain('Subject: Your Courtside order #a1b2c3');
    expect(eml).toContain('Total: Rs.12,500');
    expect(logged[0]).toBe(join(dir, 'outbox', files[0]!));
  });
});
