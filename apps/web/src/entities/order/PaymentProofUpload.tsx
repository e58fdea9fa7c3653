import { useId, useRef, useState } from 'react';
import { CUSTOMER_PAYMENT, type Order, type PaymentState } from '@courtside/shop';
import { STATUS_TONE_CLASSES } from '../../components/ui/status-tones';
import { useAuth } from '../hooks';
import { messageOf } from '../../lib/errors';
import { chosenProofProblem, sendPaymentProof } from './payment-proof';

type Step =
  | { kind: 'idle' }
  | { kind: 'sending'; progress: number | null; name: string }
  | { kind: 'failed'; message: string }
  | { kind: 'sent' };

/**
 * "Upload payment screenshot" for the buyer's bank-transfer order (docs/shop.md §4): a picture
 * from the phone's camera or gallery, checked on the device (a picture, at most 5 MB), sent with
 * its progress, then a clear done or the reason it failed. Offered while the order is unpaid or
 * its screenshot waits to be checked (a new one replaces the one sent).
 */
export function PaymentProofUpload({
  orderId,
  state,
  onSent,
  className = '',
}: {
  orderId: string;
  state: PaymentState | null;
  onSent?: (order: Order) => void;
  className?: string;
}) {
  const userId = useAuth().userData?.$id ?? '';
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const hint = useId();
  if (state !== 'unpaid' && state !== 'proof_sent') return null;
  const sent = step.kind === 'sent' || (step.kind === 'idle' && state === 'proof_sent');

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = await chosenProofProblem(file);
    if (problem) return setStep({ kind: 'failed', message: problem });
    if (!userId) {
      return setStep({ kind: 'failed', message: 'Please reload the page and try again.' });
    }
    setStep({ kind: 'sending', progress: null, name: file.name });
    try {
      const order = await sendPaymentProof(orderId, userId, file, (progress) =>
        setStep({ kind: 'sending', progress, name: file.name }),
      );
      setStep({ kind: 'sent' });
      onSent?.(order);
    } catch (error) {
      setStep({ kind: 'failed', message: messageOf(error) });
    }
  };

  return (
    <div className={className} data-testid="payment-proof">
      {sent && (
        <p role="status" className="mb-2 flex items-start gap-2 font-semibold text-green-700">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="mt-0.5 size-4 shrink-0">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="3" />
          </svg>
          Screenshot sent. We will check the payment and text you.
        </p>
      )}
      <label
        className={`inline-flex min-h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold sm:w-auto ${
          sent
            ? 'bg-white text-ink ring-1 ring-line hover:bg-slate-50'
            : 'bg-ink text-white hover:bg-ink-soft'
        } ${step.kind === 'sending' ? 'pointer-events-none opacity-60' : ''}`}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
          <path
            d="M12 16V4m0 0l-4.5 4.5M12 4l4.5 4.5M4 15v4h16v-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        {sent ? 'Send another screenshot' : 'Upload payment screenshot'}
        <input
          ref={input}
          type="file"
          accept="image/*"
          aria-describedby={hint}
          disabled={step.kind === 'sending'}
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            // The same file may be chosen again after a failure.
            e.target.value = '';
            void choose(file);
          }}
        />
      </label>
      <p id={hint} className="mt-1 text-xs text-muted">
        A screenshot of the transfer from your bank or wallet app (a picture, up to 5 MB).
      </p>
      {step.kind === 'sending' && <Progress name={step.name} progress={step.progress} />}
      {step.kind === 'failed' && (
        <p role="alert" className="mt-2 text-sm font-semibold text-danger">
          {step.message}
        </p>
      )}
    </div>
  );
}

/** The upload's bar: its share when known, a pulse while the SDK has not said. */
function Progress({ name, progress }: { name: string; progress: number | null }) {
  return (
    <div className="mt-2" role="status">
      <p className="text-xs text-ink-soft">
        Sending {name}
        {progress !== null ? ` · ${progress}%` : '…'}
      </p>
      <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-line">
        <div
          className={`h-full rounded-full bg-court transition-all ${progress === null ? 'w-1/3 animate-pulse' : ''}`}
          style={progress !== null ? { width: `${Math.max(5, progress)}%` } : undefined}
        />
      </div>
    </div>
  );
}

/** The buyer's payment state, as a small badge (My Orders, the thanks page). */
export function PaymentBadge({ state }: { state: PaymentState }) {
  const { label, tone } = CUSTOMER_PAYMENT[state];
  return (
    <span
      data-tone={tone}
      data-testid="payment-state"
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-bold ring-1 ${STATUS_TONE_CLASSES[tone]}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label}
    </span>
  );
}
