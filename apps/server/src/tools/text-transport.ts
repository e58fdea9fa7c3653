import type { MailTransport } from './mailer.js';
import type { SmsSender } from './sms.js';

/** A queued message whose recipient is a phone number in E.164 form (a plus, the country code, the number). */
export const isPhoneRecipient = (to: string): boolean => /^\+\d{8,15}$/.test(to);

/**
 * The mail queue's transport for e-mails and text messages alike: a message to a number goes by
 * SMS (its plain text; the subject names it in the owner's list), anything else by e-mail. So a
 * text message is kept, retried and limited per recipient exactly as an e-mail is.
 */
export function withTextMessages(mail: MailTransport, sms: SmsSender): MailTransport {
  return {
    async deliver(message) {
      if (!isPhoneRecipient(message.to)) return mail.deliver(message);
      const sent = await sms.send({ to: message.to, text: message.text });
      return { delivered: 'sms', id: sent.id };
    },
    close: () => mail.close(),
  };
}
