import { useState } from 'react';
import { errorText } from '../../../lib/errors';

/**
 * A number edited in place (the products table's price and stock): saved when the owner leaves
 * the field or presses Enter. The new figure shows at once; when the server refuses it, the old
 * one comes back and the server's reason shows under the field.
 */
export function InlineNumber(props: {
  label: string;
  value: number;
  /** Saves the figure; throws (an RTK Query error) when the server refuses it. */
  onSave: (value: number) => Promise<unknown>;
  prefix?: string;
}) {
  const { label, value, onSave, prefix } = props;
  const [text, setText] = useState(String(value));
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState('');
  // A fresh figure from the server (after a save, another tab) replaces the field's.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }

  const commit = async () => {
    const trimmed = text.trim();
    if (trimmed === String(value)) return;
    const next = Number(trimmed);
    if (trimmed === '' || !Number.isInteger(next)) {
      setText(String(value));
      setRefusal(`${label}: enter a whole number`);
      return;
    }
    setSaving(true);
    setRefusal('');
    try {
      await onSave(next);
    } catch (error) {
      setText(String(value));
      setRefusal(`${label} not saved: ${errorText(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="flex items-center gap-1">
        {prefix && <span className="text-xs text-muted">{prefix}</span>}
        <input
          type="text"
          inputMode="numeric"
          aria-label={label}
          aria-invalid={refusal ? true : undefined}
          aria-busy={saving || undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => void commit()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.currentTarget.blur();
            if (e.key === 'Escape') {
              setText(String(value));
              setRefusal('');
            }
          }}
          className={`h-11 w-full min-w-16 rounded-lg border bg-white px-2 text-right text-sm tabular-nums outline-none focus:border-ink ${refusal ? 'border-danger' : 'border-line'} ${saving ? 'opacity-60' : ''}`}
        />
      </span>
      {refusal && (
        <p role="alert" className="text-xs text-danger">
          {refusal}
        </p>
      )}
    </div>
  );
}
