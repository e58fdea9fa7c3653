import { CONFIRM_SETTINGS } from '@courtside/shop';
import { NumberSettingsForm } from './NumberSettingsForm';
import { ToggleSetting } from './ToggleSetting';

/**
 * The buyer confirms (docs/shop.md, "The buyer confirms"): whether a cash-on-delivery order ships
 * only once confirmed (saved as soon as it is ticked), the hours the buyer has to confirm it
 * before it is cancelled and its pairs go back on sale, and when the one reminder SMS goes.
 */
export function BuyerConfirmSetting() {
  return (
    <NumberSettingsForm
      name="Buyer's confirmation"
      title="Buyer's confirmation (cash on delivery)"
      specs={CONFIRM_SETTINGS}
      hint="An order nobody confirms in time is cancelled and its pairs go back on sale; the buyer gets a message. One reminder SMS goes before that."
      save="Save hours"
      saved="Confirmation hours saved"
    >
      <ToggleSetting
        setting="confirm_before_shipping"
        label="Ship cash-on-delivery orders only once confirmed"
        hint="The buyer confirms with the link in their SMS, or you call them and mark the order Confirmed."
        on="Orders now ship only once confirmed"
        off="Unconfirmed orders may now ship"
      />
    </NumberSettingsForm>
  );
}
