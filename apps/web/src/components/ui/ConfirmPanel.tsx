import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './Button';

/**
 * The "are you sure" for what cannot be undone, in the page rather than the browser's own dialog:
 * the question in words, the safe answer (which has the focus, so a second tap or Enter changes
 * nothing; Escape gives it too) and the action named again on its button.
 */
export function ConfirmPanel(props: {
  /** The dialog's name for screen readers ("Confirm delete"). */
  label: string;
  children: ReactNode;
  confirm: string;
  /** The safe answer's words; "Cancel" unless told. */
  cancel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  className?: string;
}) {
  const { label, children, confirm, cancel = 'Cancel', busy = false, onConfirm, onCancel } = props;
  const safe = useRef<HTMLButtonElement>(null);
  useEffect(() => safe.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
      className={`flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm sm:flex-row sm:items-center ${props.className ?? ''}`}
    >
      <p className="text-red-800">{children}</p>
      <div className="flex shrink-0 gap-2">
        <Button ref={safe} type="button" variant="ghost" className="bg-white" onClick={onCancel}>
          {cancel}
        </Button>
        <Button type="button" variant="danger" loading={busy} onClick={onConfirm}>
          {confirm}
        </Button>
      </div>
    </div>
  );
}
