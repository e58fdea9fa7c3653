import { useState } from 'react';
import { toast } from 'react-toastify';
import { formatPakistaniMobile, orderNumberText } from '@courtside/shop';
import { Button } from '../../../components/ui/Button';
import { errorText } from '../../../lib/errors';
import { ConfirmPanel } from '../../../components/ui/ConfirmPanel';
import { heldGroups, heldPairsTotal, type HeldGroup } from './held-pairs';
import { useHeldPairsQuery, useReleaseHoldsMutation } from './held-pairs-api';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Held pairs: the pairs pending orders hold, grouped by client address and by phone number, the
 * groups of several accounts first and marked; the owner releases a group's holds in one action
 * (its orders cancelled, their pairs back on sale), after one confirm step.
 */
export function HeldPairsPanel() {
  const held = useHeldPairsQuery();
  const records = held.data ?? [];
  if (records.length === 0) return null;
  const groups = heldGroups(records);
  return (
    <section
      aria-label="Held pairs"
      className="mt-4 rounded-card border border-line bg-card p-3 text-sm shadow-sm"
    >
      <h2 className="font-bold">Held pairs</h2>
      <p className="mt-1 text-muted">
        {count(heldPairsTotal(records), 'pair')} held in{' '}
        {count(records.length, 'unconfirmed order')}.
        {groups.length === 0 && ' No address or phone number has more than one.'}
      </p>
      {groups.length > 0 && (
        <ul className="mt-2 flex flex-col gap-2">
          {groups.map((g) => (
            <HeldGroupRow key={`${g.kind} ${g.key}`} group={g} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HeldGroupRow({ group }: { group: HeldGroup }) {
  const [asking, setAsking] = useState(false);
  const [release, { isLoading }] = useReleaseHoldsMutation();
  const where =
    group.kind === 'phone' ? `Phone ${formatPakistaniMobile(group.key)}` : `Address ${group.key}`;
  const orders = count(group.orderIds.length, 'order');
  const pairs = count(group.pairs, 'pair');
  const confirm = async () => {
    try {
      await release(group.orderIds).unwrap();
      toast.success(`${orders} cancelled: ${pairs} back on sale`);
    } catch (err) {
      toast.error(`Not every hold was released: ${errorText(err)}`);
    }
    setAsking(false);
  };
  return (
    <li
      aria-label={where}
      className={`rounded-lg border p-2 ${group.suspicious ? 'border-red-200 bg-red-50' : 'border-line'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          <span className="font-semibold">{where}</span>
          {' · '}
          {count(group.accounts, 'account')} · {orders} · {pairs}
          {group.suspicious && (
            <span className="ml-2 font-semibold text-red-700">Several accounts</span>
          )}
        </p>
        {!asking && (
          <Button variant="ghost" onClick={() => setAsking(true)}>
            Release holds
          </Button>
        )}
      </div>
      {asking && (
        <div className="mt-2">
          <ConfirmPanel
            label="Confirm release"
            confirm={`Cancel ${orders}`}
            busy={isLoading}
            onConfirm={() => void confirm()}
            onCancel={() => setAsking(false)}
          >
            Cancel {orders} ({group.orderIds.map(orderNumberText).join(', ')}) and put their {pairs}{' '}
            back on sale? Each customer is told their order was cancelled.
          </ConfirmPanel>
        </div>
      )}
    </li>
  );
}
