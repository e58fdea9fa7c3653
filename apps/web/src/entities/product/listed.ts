import { Query } from 'appwrite';

/**
 * In every storefront list and search: listed products only. The server shows shoppers no draft
 * at all; this keeps them out of the shop for the owner too, who sees them in the dashboard.
 */
export const LISTED = Query.equal('draft', [false]);
