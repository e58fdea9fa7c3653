import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';

/**
 * The dashboard's "are you sure" for what cannot be undone: the question in words, Cancel, and
 * the action named again on its button.
 */
export function ConfirmPanel(props: {
  /** The dialog's name for screen readers ("Confirm delete"). */
  label: string;
  children: ReactNode;
  confirm: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { label, children, confirm, busy = false, onConfirm, onCancel } = props;
  return (
    <div
      role="alertdialog"
      aria-label={label}
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm sm:flex-row sm:items-center"
    >
      <p className="text-red-800">{children}</p>
      <div className="flex shrink-0 gap-2">
        <Button type="button" variant="ghost" className="bg-white" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" variant="danger" loading={busy} onClick={onConfirm}>
          {confirm}
        </Button>
      </div>
    </div>
  );
}
