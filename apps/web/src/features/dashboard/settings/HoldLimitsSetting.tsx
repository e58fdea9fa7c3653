import { HOLD_SETTINGS } from '@courtside/shop';
import { NumberSettingsForm } from './NumberSettingsForm';

/**
 * The limits against hoarding (docs/limits.md, "Unconfirmed pairs"): the pairs one account, one
 * phone number and one client address may hold in orders the shop has not confirmed, and the
 * hours such an order holds them. A field left empty keeps the server's starting value.
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
    />
  );
}
