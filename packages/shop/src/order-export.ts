/**
 * The columns of the dashboard's orders export (D20), one row per order: the web app writes them,
 * and whoever reads the file back (a spreadsheet, the journeys) finds them by these names.
 */
export const ORDER_CSV_COLUMNS = [
  'order_number',
  'date',
  'customer',
  'phone',
  'email',
  'address',
  'street',
  'address_2',
  'city',
  'items',
  'products',
  'payment_type',
  'price',
  'discount_code',
  'discount',
  'order_status',
  'user_id',
  'courier',
  'tracking_number',
] as const;
