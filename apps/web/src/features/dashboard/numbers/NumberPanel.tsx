import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import {
  BLOCK_REASON_MAX,
  blockReasonError,
  formatPakistaniMobile,
  normalizePakistaniMobile,
  type NumberRecord,
} from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { LoadError } from '../../../components/ui/LoadError';
import { errorText } from '../../../lib/errors';
import { formatWhen } from '../../../lib/format-when';
import { Loading } from '../ui';
import { NumberBadge } from './NumberBadge';
import { useNumberRecords, useSetNumberBlockMutation } from './numbers-api';

/**
 * A mobile number's record on the order and customer pages: its orders across every account and
 * guest order (delivered, refused, cancelled), its label by the owner's rules, Block (with a
 * reason) or Unblock, and the log of who blocked or unblocked it and when.
 */
export function NumberPanel({ phone }: { phone: string }) {
  const normal = normalizePakistaniMobile(phone);
  const id = useId();
  const found = useNumberRecords(normal ? [normal] : []);
  const record = found.data?.[0];
  return (
    <section
      aria-labelledby={id}
      className="rounded-card border border-line bg-card p-4 shadow-sm"
      data-testid="number-panel"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold">
          Number history
        </h2>
        {record && <NumberBadge label={record.label} className="px-3 py-1 text-xs" />}
      </div>
      {!normal ? (
        <p className="text-sm text-muted">
          {formatPakistaniMobile(phone)} is not a Pakistani mobile number: the shop keeps no history
          for it.
        </p>
      ) : found.isLoading ? (
        <Loading label="Loading the number's history" />
      ) : found.isError || !record ? (
        <LoadError error={found.error} onRetry={() => void found.refetch()} />
      ) : (
        <Record record={record} />
      )}
    </section>
  );
}

function Record({ record }: { record: NumberRecord }) {
  return (
    <div className="grid gap-3">
      <p className="text-xs text-muted">
        Every order placed with this number, from any account or as a guest.
      </p>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Count label="Delivered" value={record.delivered} />
        <Count label="Refused" value={record.refused} />
        <Count label="Cancelled" value={record.cancelled} />
      </dl>
      {record.blocked && (
        <p className="rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          <strong>Blocked:</strong> {record.reason} — this number must pay in advance.
        </p>
      )}
      <BlockForm key={String(record.blocked)} record={record} />
      <ChangeLog record={record} />
    </div>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl bg-paper px-2 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-xl font-black tabular-nums">{value}</dd>
    </div>
  );
}

function BlockForm({ record }: { record: NumberRecord }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSetNumberBlockMutation();
  const blocking = !record.blocked;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wrong = blockReasonError(reason, blocking);
    if (wrong) return setError(wrong);
    setError(null);
    try {
      await save({ phone: record.phone, blocked: blocking, reason: reason.trim() }).unwrap();
      toast.success(blocking ? 'Number blocked' : 'Number unblocked');
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={blocking ? 'Block this number' : 'Unblock this number'}
      className="grid gap-2"
    >
      <label htmlFor={`${id}-reason`} className="text-sm text-ink-soft">
        {blocking ? 'Reason for blocking' : 'Reason for unblocking (optional)'}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-reason`}
          value={reason}
          maxLength={BLOCK_REASON_MAX}
          onChange={(e) => setReason(e.target.value)}
          placeholder={blocking ? 'Refused two parcels' : 'Paid the courier both ways'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-11 w-full min-w-0 rounded-lg border border-line bg-white px-3 text-base sm:flex-1"
        />
        <Button
          type="submit"
          variant={blocking ? 'danger' : 'ghost'}
          loading={isLoading}
          className="shrink-0"
        >
          {blocking ? 'Block number' : 'Unblock number'}
        </Button>
      </div>
      {blocking && (
        <p className="text-xs text-muted">
          A blocked number can still order, but must pay in advance: cash on delivery is not offered
          to it, whatever account it uses.
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </form>
  );
}

function ChangeLog({ record }: { record: NumberRecord }) {
  if (record.changes.length === 0) return null;
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">Changes</h3>
      <ul aria-label="Blocks and unblocks, newest first" className="divide-y divide-line">
        {record.changes.map((c, i) => (
          <li key={`${c.at}-${i}`} className="py-2 text-sm">
            <span className="font-semibold">{c.action === 'block' ? 'Blocked' : 'Unblocked'}</span>{' '}
            by {c.by_name || 'an admin'} · <span className="text-muted">{formatWhen(c.at)}</span>
            {c.reason && <p className="break-words text-ink-soft">{c.reason}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
