/**
 * The outbox: every e-mail the server sends, kept until it is delivered (and a week after). Times
 * are protocol-format ISO text, so text order is time order on both databases.
 */
export interface MailOutboxTable {
  id: string;
  created_at: string;
  /** What the message is (`order-confirmation`, `recovery`, ...), for the owner's list. */
  kind: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  /** queued (waiting for its next attempt), sent, or failed (given up on). */
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  /** While a process is delivering it, until when the others leave it alone. */
  lease_until: string | null;
  /** Past this the message is worth nothing (an expired link) and is not retried. */
  expires_at: string | null;
  last_error: string | null;
  sent_at: string | null;
}

export type MailStatus = 'queued' | 'sent' | 'failed';

/**
 * Messages queued to one recipient (tools/recipient-key.ts) of one kind, per hour and per day
 * (`span`), from `since` (the window's first instant); `ever` rows say a message sent once per
 * address (the welcome code) has gone.
 */
export interface MailRecipientCountsTable {
  recipient_key: string;
  kind: string;
  span: RecipientSpan;
  since: string;
  count: number;
}

export type RecipientSpan = 'hour' | 'day' | 'ever';

export type MailTables = {
  mail_outbox: MailOutboxTable;
  mail_recipient_counts: MailRecipientCountsTable;
};
