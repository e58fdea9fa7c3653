/**
 * The shop's shared domain. Form schemas (zod) live in `@courtside/shop/validation`, so pages
 * without forms never load the validation library.
 */
export * from './ids.js';
export * from './categories.js';
export * from './brands.js';
export * from './types.js';
export * from './pricing.js';
export * from './discount-codes.js';
export * from './code-offers.js';
export * from './owner-codes.js';
export * from './owner-sales.js';
export * from './stock.js';
export * from './order-status.js';
export * from './facts.js';
export * from './facts-defaults.js';
export * from './facts-rules.js';
export * from './constants.js';
export * from './cities.js';
export * from './contact.js';
export * from './order-tracking.js';
export * from './email.js';
export * from './shop-errors.js';
export * from './stats.js';
export * from './shop-images.js';
export * from './product-images.js';
export * from './picture-files.js';
export * from './product-drafts.js';
export * from './condition.js';
export * from './media.js';
export * from './previews.js';
export * from './order-lines.js';
export * from './order-summary.js';
export * from './order-export.js';
export * from './couriers.js';
export * from './order-chat.js';
export * from './owner-notes.js';
export * from './info-pages.js';
export * from './info-page-rules.js';
export * from './info-page-defaults.js';
export * from './service-highlights.js';
export * from './shop-settings.js';
export * from './shop-content.js';
export * from './shop-content-rules.js';
export * from './search-terms.js';
export * from './backups.js';
export * from './customers.js';
