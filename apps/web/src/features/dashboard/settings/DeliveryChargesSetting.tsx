import { CHARGE_SETTINGS } from '@courtside/shop';
import { NumberSettingsForm } from './NumberSettingsForm';

const { delivery_charge, free_delivery_from } = CHARGE_SETTINGS;

/**
 * What delivery costs: the delivery charge, and the pairs' subtotal from which it is free. The
 * product page, the cart and checkout say them, and the server prices every new order with them.
 * The cash-on-delivery fee is with the other COD settings (CodSettingsForm).
 */
export function DeliveryChargesSetting() {
  return (
    <NumberSettingsForm
      name="Delivery charges"
      title="Delivery charges"
      specs={{ delivery_charge, free_delivery_from }}
      hint="A delivery charge of 0 makes delivery always free."
      save="Save charges"
      saved="Delivery charges saved"
    />
  );
}
