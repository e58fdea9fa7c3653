import { checkInfoText, type InfoTextId, type StoredInfoText } from '@courtside/shop';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/Button';
import { errorText } from '../../../lib/errors';
import { useResetInfoTextMutation, useSaveInfoTextMutation } from './info-pages-api';

interface Props {
  id: InfoTextId;
  /** The text's stored title, and the form's heading. */
  title: string;
  saved: StoredInfoText | undefined;
  /** The text as the form holds it now. */
  body: () => string;
  /** Puts a body back into the form: the one just saved, or null for the default. */
  show: (body: string | null) => void;
  defaultToast: string;
  defaultLabel: string;
  /** The form's fields, given the error to show and the Save (and back-to-default) buttons. */
  children: (parts: { error: string | undefined; buttons: ReactNode }) => ReactNode;
}

/**
 * One of the owner's short texts (the delivery estimate, the service highlights) as a card: the
 * check before the save, the error, the toasts, and the way back to the default once one is saved.
 */
export function ShortTextForm({ id, title, saved, body, show, children, ...texts }: Props) {
  const [error, setError] = useState<string>();
  const [save, saving] = useSaveInfoTextMutation();
  const [reset, resetting] = useResetInfoTextMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkInfoText(id, { title, body: body() });
    setError(checked.error);
    if (!checked.ok) return;
    try {
      await save({ id, text: checked.ok, saved: Boolean(saved) }).unwrap();
      show(checked.ok.body);
      toast.success(`${title} saved`);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const restoreDefault = async () => {
    try {
      await reset(id).unwrap();
      show(null);
      setError(undefined);
      toast.success(texts.defaultToast);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  const buttons = (
    <>
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
          {texts.defaultLabel}
        </Button>
      )}
    </>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="rounded-card border border-line bg-card p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      {children({ error, buttons })}
    </form>
  );
}
