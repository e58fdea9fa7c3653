import {
  checkInfoText,
  DEFAULT_DELIVERY_ESTIMATE,
  DELIVERY_ESTIMATE_ID,
  DELIVERY_ESTIMATE_TITLE,
  INFO_TEXT_LIMITS,
  type StoredInfoText,
} from '@courtside/shop';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { errorText } from '../../../lib/errors';
import { useResetInfoTextMutation, useSaveInfoTextMutation } from './info-pages-api';

/**
 * The delivery estimate the product page and checkout show ("2-4 working days"): the default
 * until the owner saves one, and again after "Use the default".
 */
export function DeliveryEstimateForm({ saved }: { saved: StoredInfoText | undefined }) {
  const [value, setValue] = useState(saved?.body ?? DEFAULT_DELIVERY_ESTIMATE);
  const [error, setError] = useState<string>();
  const [save, saving] = useSaveInfoTextMutation();
  const [reset, resetting] = useResetInfoTextMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkInfoText(DELIVERY_ESTIMATE_ID, {
      title: DELIVERY_ESTIMATE_TITLE,
      body: value,
    });
    setError(checked.error);
    if (!checked.ok) return;
    try {
      await save({ id: DELIVERY_ESTIMATE_ID, text: checked.ok, saved: Boolean(saved) }).unwrap();
      setValue(checked.ok.body);
      toast.success('Delivery estimate saved');
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const restoreDefault = async () => {
    try {
      await reset(DELIVERY_ESTIMATE_ID).unwrap();
      setValue(DEFAULT_DELIVERY_ESTIMATE);
      setError(undefined);
      toast.success('The default delivery estimate is back');
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="delivery-title"
      className="rounded-card border border-line bg-card p-4 shadow-sm sm:p-5"
    >
      <h2 id="delivery-title" className="text-lg font-bold">
        Delivery estimate
      </h2>
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
        <div className="flex gap-2 sm:pt-7">
          <Button type="submit" variant="secondary" loading={saving.isLoading}>
            Save
          </Button>
          {saved && (
            <Button
              type="button"
              variant="ghost"
              loading={resetting.isLoading}
              onClick={() => void restoreDefault()}
            >
              Use the default
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
