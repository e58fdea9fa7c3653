import {
  codeStatus,
  CODE_STATUS_TONES,
  formatRs,
  offerLabel,
  offerOfCode,
  offerScope,
  pakistanMoment,
} from '@courtside/shop';
import { STATUS_TONE_CLASSES } from '../../../components/ui/status-tones';
import { errorText } from '../../../lib/errors';
import { useSwitchCodeMutation, type OwnerCode } from './codes-api';

/** What the code asks of an order, in a few words: "Min. Rs.5,000 · 1 per customer · first order". */
function conditions(code: OwnerCode): string {
  const parts: string[] = [];
  if (code.min_order) parts.push(`Min. ${formatRs(code.min_order)}`);
  if (code.per_customer) parts.push(`${code.per_customer} per customer`);
  if (code.first_order) parts.push('First order only');
  if (code.products.length > 0) {
    parts.push(`${code.products.length} product${code.products.length === 1 ? '' : 's'}`);
  }
  return parts.join(' · ');
}

function dates(code: OwnerCode): string {
  const from = code.starts ? pakistanMoment(code.starts) : null;
  const to = code.expires ? pakistanMoment(code.expires) : null;
  if (from && to) return `${from} – ${to}`;
  if (to) return `Until ${to}`;
  if (from) return `From ${from}`;
  return 'No end date';
}

/**
 * One code: its name, what it takes off and for which pairs, its status (scheduled, active,
 * expired, used up or off), uses against its limit, the revenue of the orders that used it, and
 * a switch to turn it off or on.
 */
export function CodeCard({ code, now }: { code: OwnerCode; now: Date }) {
  const [switchCode, { isLoading, error }] = useSwitchCodeMutation();
  const status = codeStatus(code, now);
  const offer = offerOfCode(code);
  const more = conditions(code);
  return (
    <li className="flex flex-col gap-3 rounded-card border border-line bg-card p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-mono text-lg font-bold break-all">{code.$id}</h3>
          <p className="text-sm text-ink-soft">
            {offerLabel(offer)} {offerScope(offer)}
          </p>
        </div>
        <span
          className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold capitalize ring-1 ${STATUS_TONE_CLASSES[CODE_STATUS_TONES[status]]}`}
          data-testid="code-status"
        >
          {status}
        </span>
      </div>
      <p className="text-xs text-muted">
        {dates(code)}
        {more && ` · ${more}`}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-xl bg-paper px-3 py-2">
          <dt className="text-xs text-muted">Uses</dt>
          <dd className="font-bold tabular-nums" data-testid="code-uses">
            {code.uses}
            {code.max_uses !== null && ` / ${code.max_uses}`}
          </dd>
        </div>
        <div className="rounded-xl bg-paper px-3 py-2">
          <dt className="text-xs text-muted">Revenue</dt>
          <dd className="font-bold tabular-nums" data-testid="code-revenue">
            {formatRs(code.revenue)}
          </dd>
        </div>
      </dl>
      <label className="flex min-h-11 cursor-pointer items-center justify-between gap-3 text-sm font-medium">
        <span>{code.off ? 'Switched off' : 'Switched on'}</span>
        <button
          type="button"
          role="switch"
          aria-checked={!code.off}
          aria-label={`${code.$id} on`}
          disabled={isLoading}
          onClick={() => void switchCode({ id: code.$id, off: !code.off })}
          className={`relative h-7 w-12 shrink-0 rounded-full transition-colors disabled:opacity-60 ${code.off ? 'bg-slate-300' : 'bg-green-600'}`}
        >
          <span
            className={`absolute top-0.5 left-0.5 size-6 rounded-full bg-white shadow transition-transform ${code.off ? '' : 'translate-x-5'}`}
          />
        </button>
      </label>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {errorText(error)}
        </p>
      )}
    </li>
  );
}
