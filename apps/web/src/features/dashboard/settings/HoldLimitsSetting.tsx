import { HOLD_SETTINGS } from '@courtside/shop';
import { NumberSettingsForm } from './NumberSettingsForm';

/**
 * The limits against hoarding (docs/limits.md, "Unconfirmed pairs"): the pairs one account, one
 * phone number and one client address may hold in orders the shop has not confirmed, and the
 * hours a bank-transfer order has to be paid in advance before it expires. A field left empty keeps the server's starting value.
 */
export function HoldLimitsSetting() {
  return (
    <NumberSettingsForm
      name="Hold limits"
      title="Unconfirmed orders may hold"
      specs={HOLD_SETTINGS}
      emptyKeeps="Server's value"
      save="Save limits"
      saved="Hold limits saved"
      hint="A bank-transfer order not paid (no screenshot sent) within the hours to pay in advance is cancelled, its pairs back on sale."
    />
  );
}
