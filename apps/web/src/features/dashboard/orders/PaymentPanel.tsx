import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import {
  cleanPaidReference,
  DASHBOARD_PAYMENT,
  formatRs,
  paidAmountProblem,
  paymentStateOf,
  PAID_REFERENCE_MAX,
  PAYMENT_MESSAGES,
  type Order,
  type PaymentState,
} from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { ConfirmPanel } from '../../../components/ui/ConfirmPanel';
import { TextField } from '../../../components/ui/TextField';
import { STATUS_TONE_CLASSES } from '../../../components/ui/status-tones';
import { proofFileUrl } from '../../../entities/order/payment-proof';
import { usePrivateImage } from '../../../entities/order/use-private-image';
import { errorText } from '../../../lib/errors';
import { dateText } from '../ui';
import { useUpdateOrderPaymentMutation, type PaymentChange } from './payment-api';

function PaymentStateBadge({ state }: { state: PaymentState }) {
  const { label, tone } = DASHBOARD_PAYMENT[state];
  return (
    <span
      data-testid="owner-payment-state"
      className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-bold ring-1 ${STATUS_TONE_CLASSES[tone]}`}
    >
      {label}
    </span>
  );
}

/** The buyer's screenshot, small, opening at full size in a new tab. */
function ProofPicture({ fileId }: { fileId: string | null | undefined }) {
  const thumb = usePrivateImage(fileId ? proofFileUrl(fileId, 480) : null);
  const full = usePrivateImage(fileId ? proofFileUrl(fileId) : null);
  if (!fileId) {
    return (
      <div className="flex aspect-[3/4] w-28 shrink-0 items-center justify-center rounded-xl border border-dashed border-line p-3 text-center text-xs text-muted sm:w-36">
        No screenshot yet
      </div>
    );
  }
  if (thumb.failed)
    return <p className="text-xs text-danger">The screenshot could not be loaded.</p>;
  return (
    <a
      href={full.src ?? undefined}
      target="_blank"
      rel="noopener"
      aria-label="Payment screenshot, full size"
      className="block w-28 shrink-0 overflow-hidden rounded-xl border border-line bg-paper sm:w-36"
    >
      {thumb.src ? (
        <img src={thumb.src} alt="Payment screenshot" className="max-h-60 w-full object-contain" />
      ) : (
        <span className="block aspect-[3/4] animate-pulse bg-line" />
      )}
      <span className="block px-2 py-1 text-center text-xs font-semibold text-ink-soft">
        Open full size
      </span>
    </a>
  );
}

/** "Mark paid": the amount received (the order's total unless told) and the bank's reference. */
function MarkPaidForm({
  order,
  onSave,
  busy,
  extra,
}: {
  order: Order;
  onSave: (c: PaymentChange) => void;
  busy: boolean;
  extra?: ReactNode;
}) {
  const [amount, setAmount] = useState(String(order.price));
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reference?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const rupees = /^\d+$/.test(amount.replace(/[,\s]/g, ''))
      ? Number(amount.replace(/[,\s]/g, ''))
      : NaN;
    const clean = cleanPaidReference(reference);
    const found = {
      amount: paidAmountProblem(rupees) ?? undefined,
      reference: clean ? undefined : PAYMENT_MESSAGES.reference,
    };
    setErrors(found);
    if (found.amount || found.reference || !clean) return;
    onSave({ id: order.$id, payment_state: 'paid', paid_amount: rupees, paid_reference: clean });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <TextField
        label="Amount received (Rs.)"
        inputMode="numeric"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
      />
      <TextField
        label="Bank reference"
        hint="The transaction id on the bank's message"
        value={reference}
        maxLength={PAID_REFERENCE_MAX + 10}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setReference(e.target.value)}
        error={errors.reference}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" loading={busy}>
          Mark paid
        </Button>
        {extra}
      </div>
    </form>
  );
}

const SAID: Record<PaymentState, string> = {
  paid: 'Marked paid: the customer gets a message',
  refunded: 'Marked refunded: the customer gets a message',
  unpaid: 'Marked not received: the customer is asked to check the transfer',
  proof_sent: '',
};

/**
 * A bank-transfer order's payment beside the order (docs/shop.md §4): the buyer's screenshot, its
 * state, and the owner's check: Mark paid with amount and reference, Not received for a
 * screenshot that matched no payment, Refunded for a paid order. Nothing for cash on delivery.
 */
export function PaymentPanel({ order }: { order: Order }) {
  const state = paymentStateOf(order);
  const [update, saving] = useUpdateOrderPaymentMutation();
  const [error, setError] = useState<string>();
  const [refunding, setRefunding] = useState(false);
  if (!state) return null;
  const save = async (change: PaymentChange) => {
    setError(undefined);
    setRefunding(false);
    try {
      await update(change).unwrap();
      toast.success(SAID[change.payment_state], { toastId: `payment-${order.$id}` });
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const notReceived = state === 'proof_sent' && (
    <Button
      type="button"
      variant="ghost"
      disabled={saving.isLoading}
      onClick={() => void save({ id: order.$id, payment_state: 'unpaid' })}
    >
      Not received
    </Button>
  );
  return (
    <div className="grid gap-4 text-sm">
      <div className="flex items-start gap-4">
        <ProofPicture fileId={order.payment_proof} />
        <div className="grid min-w-0 gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-muted">Payment</span>
            <PaymentStateBadge state={state} />
          </div>
          {(state === 'paid' || state === 'refunded') && order.paid_amount ? (
            <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[6rem_minmax(0,1fr)]">
              <dt className="text-muted">Received</dt>
              <dd className="font-semibold tabular-nums">{formatRs(order.paid_amount)}</dd>
              <dt className="text-muted">Reference</dt>
              <dd className="font-mono break-words">{order.paid_reference}</dd>
              {order.paid_at && (
                <>
                  <dt className="text-muted">On</dt>
                  <dd>{dateText(order.paid_at)}</dd>
                </>
              )}
            </dl>
          ) : state === 'unpaid' ? (
            <p className="text-xs text-muted">
              Waiting for the customer&apos;s transfer and screenshot. Mark it paid once the money
              is in your account.
            </p>
          ) : state === 'proof_sent' ? (
            <p className="text-xs text-muted">
              Check the amount has arrived in your account before marking it paid.
            </p>
          ) : null}
        </div>
      </div>
      {(state === 'unpaid' || state === 'proof_sent') && (
        <MarkPaidForm
          order={order}
          busy={saving.isLoading}
          extra={notReceived}
          onSave={(c) => void save(c)}
        />
      )}
      {state === 'paid' &&
        (refunding ? (
          <ConfirmPanel
            label="Confirm refund"
            confirm="Mark refunded"
            cancel="Not now"
            busy={saving.isLoading}
            onConfirm={() => void save({ id: order.$id, payment_state: 'refunded' })}
            onCancel={() => setRefunding(false)}
          >
            Mark this payment refunded? The customer gets a message.
          </ConfirmPanel>
        ) : (
          <Button
            type="button"
            variant="ghost"
            className="justify-self-start"
            onClick={() => setRefunding(true)}
          >
            Refunded
          </Button>
        ))}
      {error && (
        <p role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
