/**
 * "Rs.12,500": every price in the shop shows Rs. (D5), whole rupees grouped by thousands as en-US
 * writes them. Grouped by hand rather than with Intl.NumberFormat: building a number format costs a
 * phone tens of milliseconds on the storefront's start-up (docs/architecture.md#speed).
 */
export function formatRs(amount: number): string {
  const whole = Math.round(amount);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `Rs.${whole < 0 ? '-' : ''}${digits}`;
}
