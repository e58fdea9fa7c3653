import { RISK_SETTINGS } from '@courtside/shop';
import { NumberSettingsForm } from './NumberSettingsForm';

/**
 * When a number is labelled risky or trusted (number-history.ts): from how many refused parcels
 * (returned, or cancelled after shipping) and how many delivered orders, across every account and
 * guest order with that number.
 */
export function RiskSettingsForm() {
  return (
    <NumberSettingsForm
      name="Risk"
      title="Risk"
      specs={RISK_SETTINGS}
      hint="A refused parcel is one returned, or cancelled after it was shipped. A blocked number is always blocked, whatever its history."
      save="Save risk rules"
      saved="Risk rules saved"
    />
  );
}
