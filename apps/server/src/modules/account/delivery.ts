import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../protocol/errors.js';
import type { AccountDeps, AccountFlows } from './context.js';
import { dropToken, type IssuedToken } from './tokens/tokens.js';

/** The link in an e-mail: the client's URL with userId, secret and expire merged into its query. */
export function tokenLink(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

const minutes = (issued: IssuedToken, now: Date) =>
  Math.round((issued.expire.getTime() - now.getTime()) / 60_000);

function validity(issued: IssuedToken, now: Date): string {
  const m = minutes(issued, now);
  if (m >= 48 * 60) return `${Math.round(m / (24 * 60))} days`;
  if (m >= 120) return `${Math.round(m / 60)} hours`;
  return m === 60 ? '1 hour' : `${m} minutes`;
}

export type MailKind = 'recovery' | 'verification' | 'magic-url';

function compose(kind: MailKind, shop: string, name: string, link: string, valid: string) {
  const hello = name ? `Hello ${name},` : 'Hello,';
  const once = `The link works once and expires in ${valid}.`;
  const ignore = 'If you did not ask for this, you can ignore this e-mail.';
  const texts: Record<MailKind, { subject: string; body: string }> = {
    recovery: {
      subject: `Reset your ${shop} password`,
      body: `Someone asked to reset the password of your ${shop} account. Choose a new password here:`,
    },
    verification: {
      subject: `Confirm your e-mail address for ${shop}`,
      body: `Please confirm that this e-mail address belongs to your ${shop} account:`,
    },
    'magic-url': {
      subject: `Your ${shop} sign-in link`,
      body: `Use this link to sign in to ${shop}:`,
    },
  };
  const t = texts[kind];
  return {
    subject: t.subject,
    text: `${hello}\n\n${t.body}\n${link}\n\n${once} ${ignore}\n\n${shop}\n`,
  };
}

/**
 * Sends the e-mail that carries a token's link. It is kept in the mail queue first, so a mail
 * server that is down delays it (retried until the link expires) instead of losing it; only a
 * message that cannot even be queued drops the token and answers 500 with a message a person
 * can act on. Nothing about the secret reaches the log.
 */
export async function mailToken(
  deps: AccountDeps,
  flows: AccountFlows,
  log: FastifyBaseLogger,
  m: { kind: MailKind; to: string; name: string; url: string; issued: IssuedToken },
  extra: Record<string, string> = {},
): Promise<void> {
  const link = tokenLink(m.url, {
    userId: m.issued.token.userId,
    secret: m.issued.secret,
    expire: m.issued.token.expire,
    ...extra,
  });
  const valid = validity(m.issued, deps.clock.now());
  const message = compose(m.kind, await flows.shopName(), m.name, link, valid);
  try {
    // Anyone may type the address: the recipient's limits apply (docs/limits.md).
    await flows.mailer.send({
      to: m.to,
      ...message,
      kind: m.kind,
      expiresAt: m.issued.expire,
      limited: true,
    });
  } catch (e) {
    log.error({ err: e, to: m.to, kind: m.kind }, 'e-mail delivery failed');
    await dropToken(deps, m.issued.token.$id);
    throw new AppError(
      'general_server_error',
      'The e-mail could not be sent just now. Please try again in a few minutes.',
    );
  }
}

/**
 * Sends a six-digit code by SMS, with the same failure rule as e-mails and the same limits per
 * recipient (the number's, counted by the mail queue).
 */
export async function smsCode(
  deps: AccountDeps,
  flows: AccountFlows,
  log: FastifyBaseLogger,
  m: { to: string; issued: IssuedToken },
): Promise<void> {
  const valid = validity(m.issued, deps.clock.now());
  const text = `${m.issued.secret} is your ${await flows.shopName()} code. It expires in ${valid}. Do not share it with anyone.`;
  try {
    // Past the number's limits nothing is sent, and the answer is the same (docs/limits.md).
    if (!(await flows.mailer.admit(m.to, 'sms-code'))) return;
    await flows.sms.send({ to: m.to, text });
  } catch (e) {
    log.error({ err: e, to: m.to }, 'SMS delivery failed');
    await dropToken(deps, m.issued.token.$id);
    throw new AppError(
      'general_server_error',
      'The SMS could not be sent just now. Please try again in a few minutes.',
    );
  }
}
