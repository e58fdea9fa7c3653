/**
 * What the backend answers when it refuses an order or a product change (D4, D16): the error
 * `type` the web app can test for, and the messages both sides show. The messages are meant for
 * the customer or the owner, so they say what to do next.
 */
export const SHOP_ERROR_TYPES = Object.freeze({
  priceChanged: 'shop_price_changed',
  soldOut: 'shop_product_sold_out',
  unknownProduct: 'shop_product_not_found',
  invalidOrder: 'shop_order_invalid',
  invalidProduct: 'shop_product_invalid',
  alreadySubscribed: 'shop_already_subscribed',
  tooManyPending: 'shop_too_many_pending',
  invalidCode: 'shop_code_invalid',
  /** /track: no order with this number and mobile number (the same for either being wrong). */
  trackNotFound: 'shop_order_not_found',
  backupNotFound: 'shop_backup_not_found',
  backupRunning: 'shop_backup_running',
  /** A payment screenshot or an owner's payment change that cannot be (payments.ts). */
  invalidPayment: 'shop_payment_invalid',
  /** A cash-on-delivery order one of the owner's COD rules refuses (cod-rules.ts). */
  codRefused: 'shop_cod_refused',
});

export const SHOP_MESSAGES = Object.freeze({
  priceChanged: 'Prices changed, please review your cart',
  signInToOrder: 'Please sign in to place an order',
  ownOrdersOnly: 'An order can only be placed for your own account',
  newOrdersPending: 'A new order always starts as pending',
  emptyCart: 'Your cart is empty',
  adminOnly: 'Only the shop owner can do this',
  orderStatusOnly: 'Only the order status, courier and tracking number can be changed',
  shippingByShop: 'The shop sets the courier and tracking number once the order is on its way',
  alreadySubscribed: 'This e-mail address is already subscribed',
  trackNotFound:
    'We found no order with this number and mobile number. Please check both, as in your SMS.',
  /** Sign-up with an address that already has an account: the e-mail to it says so. */
  signupCheckEmail: 'Please check your e-mail: we have sent a message about this address.',
});

/** "Air Jordan 1 has just sold out. ..." for a pair that is gone. */
export function soldOutMessage(title: string): string {
  return `Sorry, "${title}" has just sold out. Please remove it from your cart.`;
}

/** When fewer units are left than the cart asks for. */
export function onlyLeftMessage(title: string, left: number): string {
  return `Only ${left} left of "${title}". Please lower the quantity in your cart.`;
}

const pairsOf = (n: number) => (n === 1 ? '1 pair' : `${n} pairs`);

/**
 * The hold limit as the cart and the server's refusal both say it: what the rule is, in the
 * shop's own number (the owner's setting, else the server's starting value).
 */
export function holdLimitRule(max: number): string {
  return `An order may hold at most ${pairsOf(max)} until the shop confirms it.`;
}

/**
 * When a new order would hold more pairs than one customer may keep waiting (no hoarding): the
 * rule, and the pairs already waiting only when there are some.
 */
export function tooManyPendingMessage(held: number, max: number): string {
  if (held <= 0) {
    return `${holdLimitRule(max)} Please take some pairs out of your cart, or order them on WhatsApp.`;
  }
  return (
    `${holdLimitRule(max)} You already have ${pairsOf(held)} in orders the shop has not ` +
    `confirmed yet: please wait for the shop to confirm them, or ask on WhatsApp.`
  );
}

/**
 * The same limit counted over every account ordering for one phone number, or from one client
 * address: several accounts may not hold together what one may not.
 */
export function tooManyPendingForMessage(
  whose: 'phone' | 'address',
  held: number,
  max: number,
): string {
  if (held <= 0) return tooManyPendingMessage(0, max);
  const who = whose === 'phone' ? 'this phone number' : 'your internet connection';
  const one = whose === 'phone' ? 'one phone number' : 'one connection';
  return (
    `Orders from ${who} already hold ${pairsOf(held)} the shop has not confirmed yet, and ${one} ` +
    `may hold at most ${max}. Please wait for the shop to confirm them, or ask on WhatsApp.`
  );
}

/**
 * Where the storefront reads the hold limit of one customer's unconfirmed pairs (`GET /v1` +
 * this), answered `{ pairs }`: the owner's setting, else the server's starting value.
 */
export const HOLD_LIMIT_PATH = '/shop/hold-limit';

/**
 * Where the storefront reads what an order pays beyond its pairs (`GET /v1` + this), answered
 * `{ delivery_charge, free_delivery_from, cod_fee }` in rupees: the owner's settings, else their
 * defaults.
 */
export const CHARGES_PATH = '/shop/charges';

/** The shop's facts (facts.ts: its name, numbers, links, accounts) for every page to show. */
export const FACTS_PATH = '/shop/facts';

export function unknownProductMessage(title: string | undefined): string {
  return title
    ? `"${title}" is no longer in the shop. Please remove it from your cart.`
    : 'A product in your cart is no longer in the shop. Please remove it from your cart.';
}

/**
 * What a customer reads for the backend's refusals whose own words are written for developers
 * ("Rate limit for the current endpoint has been exceeded."). The login and sign-up forms keep the
 * server's words for wrong credentials, as docs/shop.md §8 says; the shop's own refusals
 * (`shop_*`) are already written for customers.
 */
export const FRIENDLY_ERRORS: Readonly<Record<string, string>> = Object.freeze({
  general_rate_limit_exceeded:
    'Too many tries in a short time. Please wait a few minutes and try again.',
  user_phone_already_exists: 'This phone number is already used by another account.',
  user_email_already_exists: 'This e-mail address is already used by another account.',
  user_blocked: 'This account is blocked. Please contact the shop on WhatsApp.',
  user_session_already_exists: 'You are already logged in.',
  general_unknown: 'Something went wrong on our side. Please try again.',
  general_server_error: 'Something went wrong on our side. Please try again in a few minutes.',
  document_not_found: 'This is no longer in the shop.',
  storage_file_not_found: 'This picture is no longer in the shop.',
});
