/**
 * The owner's view of pairs held in unconfirmed orders (docs/limits.md, "Unconfirmed pairs"):
 * the server records each pending order's client (collection order_clients, admins only), and
 * the dashboard groups the records by client address and by phone number, so that several
 * accounts ordering from one address or for one number stand out.
 */
export interface OrderClient {
  /** The order's id (its number). */
  $id: string;
  user_id: string;
  phone: string;
  /** The client's address (IPv6: its /64); empty when the server could not tell. */
  client: string;
  pairs: number;
}

export interface HeldGroup {
  kind: 'address' | 'phone';
  key: string;
  orderIds: string[];
  accounts: number;
  pairs: number;
  /** Several accounts behind one address or one number. */
  suspicious: boolean;
}

/**
 * Groups of more than one order, suspicious ones first, then by pairs held; an order may be in
 * both its address's group and its phone's.
 */
export function heldGroups(records: readonly OrderClient[]): HeldGroup[] {
  const groups = new Map<string, OrderClient[]>();
  const add = (key: string, r: OrderClient) => groups.set(key, [...(groups.get(key) ?? []), r]);
  for (const r of records) {
    if (r.client) add(`address ${r.client}`, r);
    add(`phone ${r.phone}`, r);
  }
  const out: HeldGroup[] = [];
  for (const [name, members] of groups) {
    if (members.length < 2) continue;
    const accounts = new Set(members.map((m) => m.user_id)).size;
    const [kind, key] = name.split(' ', 2) as [HeldGroup['kind'], string];
    out.push({
      kind,
      key,
      orderIds: members.map((m) => m.$id),
      accounts,
      pairs: members.reduce((n, m) => n + m.pairs, 0),
      suspicious: accounts > 1,
    });
  }
  return out.sort(
    (a, b) =>
      Number(b.suspicious) - Number(a.suspicious) ||
      b.pairs - a.pairs ||
      a.key.localeCompare(b.key),
  );
}

/** How many pairs the records hold in all. */
export const heldPairsTotal = (records: readonly OrderClient[]): number =>
  records.reduce((n, r) => n + r.pairs, 0);
