import { CHARGE_SETTINGS } from '@courtside/shop';
import { NumberSettingsForm } from './NumberSettingsForm';

/**
 * What an order pays beyond its pairs: the delivery charge, the pairs' subtotal from which it is
 * free, and the cash-on-delivery fee. The product page, the cart and checkout say them, and the
 * server prices every new order with them.
 */
export function DeliveryChargesSetting() {
  return (
    <NumberSettingsForm
      name="Delivery charges"
      title="Delivery charges"
      specs={CHARGE_SETTINGS}
      hint="A delivery charge of 0 makes delivery always free; a COD fee of 0 means cash on delivery costs nothing extra."
      save="Save charges"
      saved="Delivery charges saved"
    />
  );
}
