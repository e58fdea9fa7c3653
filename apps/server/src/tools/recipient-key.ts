import { normalizePakistaniMobile } from '@courtside/shop';

/** Providers that ignore dots in the local part: j.doe@gmail.com is jdoe@gmail.com. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One key for every spelling of an e-mail address or phone number that reaches the same
 * person, so the per-recipient limits (modules/mail/recipients.ts) count trivial variants as
 * one: lower case, a `+tag` dropped, dots dropped in Gmail's local parts (googlemail.com is
 * gmail.com), and a Pakistani mobile number in one form (+923..., 03..., 923... alike).
 */
export function recipientKey(to: string): string {
  const value = to.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at < 0) {
    const mobile = normalizePakistaniMobile(value);
    if (mobile) return mobile;
    const digits = value.replace(/[^\d]/g, '');
    return digits ? `+${digits}` : value;
  }
  let local = value.slice(0, at).split('+')[0]!;
  let domain = value.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (DOTLESS_DOMAINS.has(domain)) local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}
