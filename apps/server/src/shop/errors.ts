import {
  CONFIRM_ERROR_TYPES,
  CONFIRM_MESSAGES,
  SHOP_ERROR_TYPES,
  SHOP_MESSAGES,
} from '@courtside/shop';
import { registerErrorTypes, type ErrorDefaults } from '../protocol/error-catalogue.js';
import { AppError } from '../protocol/errors.js';

/**
 * The shop's refusals (docs/decisions.md D4, D16): error types the generic backend does not
 * know, registered with it here. The types and messages are shared with the web app
 * (packages/shop), which tests for them.
 */
const SHOP_ERRORS = {
  [SHOP_ERROR_TYPES.priceChanged]: [409, SHOP_MESSAGES.priceChanged],
  [SHOP_ERROR_TYPES.soldOut]: [409, 'A product in your cart has just sold out.'],
  [SHOP_ERROR_TYPES.unknownProduct]: [400, 'A product in your cart is no longer in the shop.'],
  [SHOP_ERROR_TYPES.invalidOrder]: [
    400,
    'The order is invalid. Please review your cart and try again.',
  ],
  [SHOP_ERROR_TYPES.invalidProduct]: [400, 'Something Went wrong. Please check again'],
  [SHOP_ERROR_TYPES.alreadySubscribed]: [409, SHOP_MESSAGES.alreadySubscribed],
  [SHOP_ERROR_TYPES.tooManyPending]: [
    409,
    'You have too many pairs waiting in orders the shop has not confirmed yet.',
  ],
  [SHOP_ERROR_TYPES.invalidCode]: [400, 'This discount code cannot be used.'],
  [SHOP_ERROR_TYPES.trackNotFound]: [404, SHOP_MESSAGES.trackNotFound],
  [SHOP_ERROR_TYPES.invalidPayment]: [400, 'This payment screenshot cannot be used.'],
  [SHOP_ERROR_TYPES.codRefused]: [
    409,
    'Cash on delivery is not available for this order. Please pay in advance by bank transfer.',
  ],
  [CONFIRM_ERROR_TYPES.notFound]: [404, CONFIRM_MESSAGES.notFound],
  [CONFIRM_ERROR_TYPES.expired]: [410, CONFIRM_MESSAGES.expired],
  [CONFIRM_ERROR_TYPES.used]: [409, 'This order can no longer be changed with this link.'],
  [SHOP_ERROR_TYPES.backupNotFound]: [404, 'There is no backup with this name.'],
  [SHOP_ERROR_TYPES.backupRunning]: [
    409,
    'A backup is being made right now: it will be in the list in a moment.',
  ],
} as const satisfies Record<string, ErrorDefaults>;

export type ShopErrorType = keyof typeof SHOP_ERRORS;

declare module '../protocol/error-catalogue.js' {
  // Merged into the generic backend's list of error types: its members are the shop's types.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RegisteredErrorTypes extends Record<ShopErrorType, true> {}
}

registerErrorTypes(SHOP_ERRORS);

/** A shop document refused in the shop's own words (400 document_invalid_structure). */
export const invalidDocument = (message: string) =>
  new AppError('document_invalid_structure', message);

/** One of the shop's refusals, in the protocol's error shape. */
export const shopError = (type: ShopErrorType, message?: string) => new AppError(type, message);

/** A guest asked for what only a signed-in customer may do. */
export const signInFirst = (message: string) => new AppError('user_unauthorized', message);
