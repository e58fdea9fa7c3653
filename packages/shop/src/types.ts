/** Entity shapes of docs/shop.md §3; field names stay exactly as the spec gives them (D1). */
import type { CourierId } from './couriers.js';
import type { PaymentState } from './payments.js';

export type StockFlag = 'true' | 'false';
export type PaymentType = 'COD' | 'Bank';
export type OrderStatus = 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'returned';

/** The fields an admin edits; also what a cart line and a wishlist entry copy. */
export interface ProductFields {
  title: string;
  description: string;
  category: string;
  /** Original price in whole rupees. */
  price: number;
  /** Discounted price in whole rupees; used when positive and below `price` (D2). */
  disc_price: number;
  /** An automatic sale's window: `disc_price` holds only inside it (owner-sales.ts). */
  sale_from?: string | null;
  sale_until?: string | null;
  /**
   * The pair's own discount price while a sale stands in for it (0: none): given back when the
   * sale ends, early or on time (owner-sales.ts).
   */
  regular_disc_price?: number | null;
  /** EUR size. */
  size: number;
  /** Condition out of 10. */
  condition: number;
  /** "true" means in stock (spec spelling kept, D1). */
  stoke: StockFlag;
  /** Units available (D16); pre-loved pairs are one-offs. */
  stock: number;
  /** Main image file id. */
  image: string;
  /** JSON-encoded list of extra image file ids. */
  images: string;
  /** A pre-loved pair's condition photos: JSON object of slot (sole, heel, box, tag) to file id. */
  condition_photos?: string;
  /** 9 random digits, also the document id. */
  product_id: string;
  /** Hidden from shoppers until the owner publishes it (product-drafts.ts); absent means listed. */
  draft?: boolean;
}

export interface DocumentMeta {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  $databaseId: string;
  $collectionId: string;
}

export type Product = ProductFields & DocumentMeta;

/** A cart line: the product's fields plus the quantity (docs/shop.md §3). */
export type CartLine = Pick<Product, '$id'> &
  Partial<Omit<Product, '$id'>> &
  Pick<ProductFields, 'title' | 'price' | 'disc_price'> & { quantity: number };

export interface OrderFields {
  user_id: string;
  order_number: string;
  /** First name plus last name. */
  User_name: string;
  /** Street address, " city: ", city, then the extra address line. */
  address: string;
  phone: string;
  /** Absent or null when the buyer gave only a number (a guest's order, docs/shop.md §2). */
  email?: string | null;
  /** The total in whole rupees, COD fee included. */
  price: number;
  payment_type: PaymentType;
  order_status: OrderStatus;
  /** A list holding one JSON string of the cart lines (D1). */
  products: string[];
  /** The address's parts, kept beside `address` (absent on orders placed before they existed). */
  street?: string | null;
  city?: string | null;
  /** The extra address line: apartment, area, landmark. */
  etcaddress?: string | null;
  /** The welcome code the order used, and the rupees it took off (the server sets both). */
  code?: string | null;
  discount?: number | null;
  /** The delivery charge the order pays (0 when free; the server sets it). */
  delivery?: number | null;
  /**
   * The cash-on-delivery fee the order pays (0 for a bank transfer; the server sets it from the
   * owner's setting). Missing on orders placed before the fee was a setting: COD_FEE then.
   */
  cod_fee?: number | null;
  /** Who carries the parcel and its number: the owner sets them (couriers.ts). */
  courier?: CourierId | null;
  tracking_number?: string | null;
  /**
   * Paying in advance (payments.ts): the payment's state (null for cash on delivery), the
   * buyer's screenshot (a file in the payment_proofs bucket), and what the owner recorded when
   * the money arrived: the amount, the bank's reference and when. The server sets them all.
   */
  payment_state?: PaymentState | null;
  payment_proof?: string | null;
  paid_amount?: number | null;
  paid_reference?: string | null;
  paid_at?: string | null;
  /**
   * The buyer confirms (order-confirm.ts): the confirmation link's key (the server's, read by the
   * buyer and the owner), who confirmed or cancelled and when, and when the one reminder went.
   */
  confirm_key?: string | null;
  confirmed_by?: 'buyer' | 'owner' | null;
  confirmed_at?: string | null;
  cancelled_by?: 'buyer' | 'owner' | 'expiry' | null;
  reminded_at?: string | null;
}

export type Order = OrderFields & DocumentMeta;

/** An owner-only note on an order (collection `order_notes`, docs/shop.md §3). */
export interface OrderNoteFields {
  order_id: string;
  text: string;
}

export type OrderNote = OrderNoteFields & DocumentMeta;

/** An owner-only note on a customer, by their number (collection `customer_notes`, owner-notes.ts). */
export interface CustomerNoteFields {
  phone: string;
  text: string;
}

export type CustomerNote = CustomerNoteFields & DocumentMeta;

export interface ShopUser {
  $id: string;
  name: string;
  email: string;
  phone: string;
  labels: string[];
  prefs?: Record<string, unknown>;
}
