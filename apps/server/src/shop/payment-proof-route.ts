import type { FastifyInstance } from 'fastify';
import {
  PAYMENT_PROOF_ROUTE,
  paymentStateOf,
  PAYMENT_MESSAGES,
  PAYMENT_PROOFS_BUCKET,
  SHOP_ERROR_TYPES,
} from '@courtside/shop';
import type { RateLimitRule } from '../protocol/caller.js';
import { customId, readParams } from '../protocol/params.js';
import { input } from '../protocol/request.js';
import type { StoredFile } from '../modules/storage/contract.js';
import type { ShopContext } from './context.js';
import { shopError, signInFirst } from './errors.js';

/** A buyer sends a few screenshots, not hundreds: per account and per client address. */
const PROOF_LIMITS: readonly RateLimitRule[] = [
  { limit: 20, period: 3600, key: ['userId'] },
  { limit: 60, period: 3600, key: ['ip'] },
];

const PICTURE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

const refused = (message: string) => shopError(SHOP_ERROR_TYPES.invalidPayment, message);

/**
 * Whether the caller uploaded the file: a permission naming the caller's own role, which only the
 * caller (or the server) can grant (a client grants only roles it holds, docs/protocol.md §6.3).
 */
const uploadedBy = (file: StoredFile, userId: string) =>
  file.$permissions.some((p) => p.includes(`"user:${userId}"`));

/**
 * POST /v1/shop/orders/{orderId}/payment-proof { fileId } (docs/shop.md §4): the buyer's screenshot
 * of an advance payment goes on their own bank-transfer order, still open (pending or confirmed)
 * and not yet paid; the order's payment becomes proof_sent, checked and stored in one transaction
 * with the order locked. The file, uploaded by the buyer to the payment_proofs bucket, is then
 * the buyer's to read only (the owner reads the whole bucket); a screenshot it replaces is deleted.
 */
export function paymentProofRoute(api: FastifyInstance, shop: ShopContext): void {
  api.post(PAYMENT_PROOF_ROUTE, { config: { rateLimits: PROOF_LIMITS } }, async (req) => {
    const user = req.caller.user;
    if (!user) throw signInFirst('Please open your order from My Orders to send the screenshot');
    const { orderId } = req.params as { orderId: string };
    const { fileId } = readParams(input(req), { fileId: customId() });
    const file = await shop.storage.getFile(PAYMENT_PROOFS_BUCKET, fileId);
    if (!file || !uploadedBy(file, user.$id)) throw refused(PAYMENT_MESSAGES.notYourFile);
    if (!PICTURE_TYPES.has(file.mimeType)) throw refused(PAYMENT_MESSAGES.notPicture);
    const reader = `read("user:${user.$id}")`;
    const { order, replaced } = await shop.databases.transaction(
      shop.ids.database,
      async (documents) => {
        const current = /^[A-Za-z0-9_.-]{1,36}$/.test(orderId)
          ? await documents.get(shop.ids.orders, orderId, { forUpdate: true })
          : null;
        // Another's order is answered as no order at all: nobody learns which ids exist.
        if (!current || !current.$permissions.includes(reader)) {
          throw shopError(SHOP_ERROR_TYPES.trackNotFound, PAYMENT_MESSAGES.notYourOrder);
        }
        const state = paymentStateOf(current);
        if (state === null) throw refused(PAYMENT_MESSAGES.notBank);
        if (current.order_status !== 'pending' && current.order_status !== 'confirmed') {
          throw refused(PAYMENT_MESSAGES.orderClosed);
        }
        if (state === 'paid' || state === 'refunded') throw refused(PAYMENT_MESSAGES.alreadyPaid);
        const before = typeof current.payment_proof === 'string' ? current.payment_proof : null;
        const updated = await documents.update(shop.ids.orders, current.$id, {
          payment_state: 'proof_sent',
          payment_proof: file.$id,
        });
        return { order: updated, replaced: before && before !== file.$id ? before : null };
      },
    );
    // The buyer may read it, no longer change or delete it: it is the owner's evidence now.
    await shop.storage.setFilePermissions(PAYMENT_PROOFS_BUCKET, file.$id, [reader]);
    if (replaced) await shop.storage.deleteFile(PAYMENT_PROOFS_BUCKET, replaced);
    return order;
  });
}
