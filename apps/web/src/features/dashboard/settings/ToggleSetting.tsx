import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import type { ShopSettings } from '@courtside/shop';
import { errorText } from '../../../lib/errors';
import { useSaveShopSettingsMutation, useShopSettingsQuery } from './settings-api';

type FlagKey = {
  [K in keyof ShopSettings]: ShopSettings[K] extends boolean ? K : never;
}[keyof ShopSettings];

/**
 * One on/off shop setting as a checkbox, saved as soon as it is ticked or cleared (a toast says
 * so; a refusal shows beside it and the box goes back). Shows nothing until the settings are read.
 */
export function ToggleSetting(props: {
  setting: FlagKey;
  label: string;
  hint: string;
  on: string;
  off: string;
}) {
  const id = useId();
  const settings = useShopSettingsQuery();
  const [save, { isLoading }] = useSaveShopSettingsMutation();
  const [error, setError] = useState<string | null>(null);
  if (!settings.data) return null;
  const checked = settings.data[props.setting];
  const change = async (value: boolean) => {
    setError(null);
    try {
      await save({ [props.setting]: value }).unwrap();
      toast.success(value ? props.on : props.off);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <div className="text-sm">
      <label htmlFor={id} className="flex items-start gap-3 font-semibold text-ink">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={isLoading}
          onChange={(e) => void change(e.target.checked)}
          aria-describedby={`${id}-hint`}
          className="mt-0.5 size-5 shrink-0 accent-court"
        />
        {props.label}
      </label>
      <p id={`${id}-hint`} className="mt-1 ml-8 text-xs text-muted">
        {props.hint}
      </p>
      {error && (
        <p role="alert" className="mt-1 ml-8 text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
