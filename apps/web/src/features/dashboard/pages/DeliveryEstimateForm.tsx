import {
  DEFAULT_DELIVERY_ESTIMATE,
  DELIVERY_ESTIMATE_ID,
  DELIVERY_ESTIMATE_TITLE,
  INFO_TEXT_LIMITS,
  type StoredInfoText,
} from '@courtside/shop';
import { useState } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { ShortTextForm } from './ShortTextForm';

/**
 * The delivery estimate the product page and checkout show ("2-4 working days"): the default
 * until the owner saves one, and again after "Use the default".
 */
export function DeliveryEstimateForm({ saved }: { saved: StoredInfoText | undefined }) {
  const [value, setValue] = useState(saved?.body ?? DEFAULT_DELIVERY_ESTIMATE);
  return (
    <ShortTextForm
      id={DELIVERY_ESTIMATE_ID}
      title={DELIVERY_ESTIMATE_TITLE}
      saved={saved}
      body={() => value}
      show={(body) => setValue(body ?? DEFAULT_DELIVERY_ESTIMATE)}
      defaultToast="The default delivery estimate is back"
      defaultLabel="Use the default"
    >
      {({ error, buttons }) => (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            label="Delivery time"
            className="sm:flex-1"
            value={value}
            maxLength={INFO_TEXT_LIMITS.delivery}
            onChange={(e) => setValue(e.target.value)}
            error={error}
            hint={`Shown on every product page and at checkout, like "${DEFAULT_DELIVERY_ESTIMATE}".`}
          />
          <div className="flex gap-2 sm:pt-7">{buttons}</div>
        </div>
      )}
    </ShortTextForm>
  );
}
