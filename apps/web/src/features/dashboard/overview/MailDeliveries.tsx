import { Button } from '../../../components/ui/Button';
import { notify } from '../../../components/ui/toasts';
import { errorText } from '../../../lib/errors';
import {
  useDismissDeliveryMutation,
  useSendAgainMutation,
  useUndeliveredQuery,
  type Delivery,
} from './deliveries-api';

const time = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

const KINDS: Record<string, string> = {
  'order-confirmation': 'Order confirmation',
  'order-notice': 'New-order notice',
  recovery: 'Password reset',
  verification: 'E-mail confirmation',
  'magic-url': 'Sign-in link',
};

/**
 * What became of it, in the owner's words: the mail server did not answer; the server's own
 * message waits under "Details" for whoever looks after the mail server.
 */
function statusLine(d: Delivery): string {
  const tries = `${d.attempts} ${d.attempts === 1 ? 'try' : 'tries'}`;
  if (d.status === 'failed') return `Not sent: the mail server did not answer (${tries})`;
  return d.nextAttemptAt
    ? `The mail server did not answer. Trying again ${time(d.nextAttemptAt)} · ${tries}`
    : 'Sending again now';
}

function DeliveryRow({ d }: { d: Delivery }) {
  const [sendAgain, sending] = useSendAgainMutation();
  const [dismiss, dismissing] = useDismissDeliveryMutation();
  const run = (action: () => Promise<unknown>) =>
    void action().catch((e: unknown) => notify.error(errorText(e)));
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-semibold">{d.subject}</p>
        <p className="text-sm break-words text-muted">
          {KINDS[d.kind] ?? 'E-mail'} to {d.to} · {time(d.$createdAt)}
        </p>
        <p className={`text-sm ${d.status === 'failed' ? 'text-danger' : 'text-ink'}`}>
          {statusLine(d)}
        </p>
        {d.lastError && (
          <details className="text-xs text-muted">
            <summary className="inline-flex min-h-8 cursor-pointer items-center">Details</summary>
            <p className="font-mono break-words">{d.lastError}</p>
          </details>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        {d.status === 'failed' && (
          <Button
            variant="secondary"
            loading={sending.isLoading}
            onClick={() => run(() => sendAgain(d.$id).unwrap())}
          >
            Send again
          </Button>
        )}
        <Button
          variant="ghost"
          loading={dismissing.isLoading}
          onClick={() => run(() => dismiss(d.$id).unwrap())}
          aria-label={`Dismiss the e-mail to ${d.to}`}
        >
          Dismiss
        </Button>
      </div>
    </li>
  );
}

/**
 * E-mails that have not gone out yet (docs/shop.md, "E-mail deliveries"), shown only when there
 * are some: the server keeps retrying them; the owner may send a failed one again or dismiss it.
 */
export function MailDeliveries() {
  const { data } = useUndeliveredQuery(undefined, { pollingInterval: 60_000 });
  if (!data?.total) return null;
  const failed = data.deliveries.filter((d) => d.status === 'failed').length;
  return (
    <section
      aria-labelledby="deliveries-title"
      className="mb-5 rounded-card border border-court/40 bg-court-soft p-4 shadow-sm"
    >
      <h2 id="deliveries-title" className="text-lg font-bold">
        {data.total === 1 ? '1 e-mail has' : `${data.total} e-mails have`} not gone out
      </h2>
      <p className="text-sm text-muted">
        {failed > 0
          ? 'The mail server did not answer. Ask whoever set up the shop’s e-mail to check it (SMTP_URL), then send them again.'
          : 'The mail server did not answer; the shop keeps trying on its own.'}
      </p>
      <ul className="divide-y divide-line">
        {data.deliveries.map((d) => (
          <DeliveryRow key={d.$id} d={d} />
        ))}
      </ul>
    </section>
  );
}
