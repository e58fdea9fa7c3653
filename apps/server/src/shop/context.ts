import { SHOP_MESSAGES, type ShopIds } from '@courtside/shop';
import type { Caller } from '../protocol/caller.js';
import { AppError } from '../protocol/errors.js';
import { holdsAny } from '../protocol/permissions.js';
import type { AccountService } from '../modules/account/service.js';
import type { DatabasesService } from '../modules/databases/contract.js';
import type { StorageService } from '../modules/storage/contract.js';
import type { Clock } from '../tools/clock.js';
import type { MailService } from '../modules/mail/index.js';

/** A structured logger as Fastify's has it (pino): what the shop's background work reports to. */
export interface ShopLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the shop's rules need, passed from buildApp as plain parameters. */
export interface ShopContext {
  databases: DatabasesService;
  storage: StorageService;
  /** Customers' accounts: the demo customer, sign-up figures, the first admin's e-mail. */
  account: AccountService;
  mailer: Pick<MailService, 'send' | 'keepWith'>;
  clock: Clock;
  ids: Readonly<ShopIds>;
  /** Where new-order notices go (OWNER_EMAIL, else ADMIN_EMAIL); null: the first admin's. */
  ownerEmail: string | null;
  /** The web app's address, for links in e-mails. */
  shopUrl: string;
  /**
   * The starting values of the hold limits (order-holds.ts), until the owner saves others in
   * the shop's settings: pairs one customer, one phone number and one client address may hold
   * in pending orders (PENDING_PAIRS_PER_CUSTOMER, _PER_PHONE, _PER_ADDRESS), and the hours an
   * unconfirmed pending order holds them before it expires (PENDING_ORDER_HOURS).
   */
  pendingPairsPerCustomer: number;
  pendingPairsPerPhone: number;
  pendingPairsPerAddress: number;
  pendingOrderHours: number;
  log: ShopLog;
}

/** The owner's label, or an API key, which acts as the server (docs/protocol.md §6.2). */
export function isAdmin(caller: Caller, ids: Readonly<ShopIds>): boolean {
  return holdsAny(caller.roles, [`label:${ids.adminLabel}`]);
}

export function requireAdmin(caller: Caller, ids: Readonly<ShopIds>): void {
  if (!isAdmin(caller, ids)) throw new AppError('user_unauthorized', SHOP_MESSAGES.adminOnly);
}
