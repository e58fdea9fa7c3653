import { describe, expect, it, vi } from 'vitest';
import type { MailTransport } from '../../src/tools/mailer.js';
import type { SmsSender } from '../../src/tools/sms.js';
import { isPhoneRecipient, withTextMessages } from '../../src/tools/text-transport.js';

const mail = (): MailTransport => ({
  deliver: vi.fn(async () => ({ delivered: 'outbox' as const, id: 'm1' })),
  close: vi.fn(),
});

describe('the mail queue carries text messages', () => {
  it('sends a message to a number by SMS (its text), anything else by e-mail', async () => {
    const email = mail();
    const sms: SmsSender = {
      send: vi.fn(async () => ({ delivered: 'outbox' as const, id: 's1' })),
    };
    const transport = withTextMessages(email, sms);
    const text = { to: '+923012345678', subject: 'Your order #a1b2c3', text: 'Courtside: ...' };
    expect(await transport.deliver(text)).toEqual({ delivered: 'sms', id: 's1' });
    expect(sms.send).toHaveBeenCalledWith({ to: '+923012345678', text: 'Courtside: ...' });
    const letter = { to: 'ali@example.pk', subject: 'Hi', text: 'Hello' };
    expect(await transport.deliver(letter)).toEqual({ delivered: 'outbox', id: 'm1' });
    expect(email.deliver).toHaveBeenCalledWith(letter);
    expect(isPhoneRecipient('03012345678')).toBe(false);
  });

  it('lets a failed SMS throw, so the queue keeps it and tries again later', async () => {
    const sms: SmsSender = {
      send: vi.fn(async () => {
        throw new Error('SMS webhook answered 502');
      }),
    };
    const transport = withTextMessages(mail(), sms);
    await expect(
      transport.deliver({ to: '+923012345678', subject: 's', text: 't' }),
    ).rejects.toThrow('SMS webhook answered 502');
  });
});
