import { customerStatus } from '@courtside/shop';
import { STATUS_TONE_CLASSES } from '../../components/ui/status-tones';

/** The customer's status label and colour (docs/shop.md §4, D5). */
export function StatusBadge({ status }: { status: string }) {
  const { label, tone } = customerStatus(status);
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-bold ring-1 ${STATUS_TONE_CLASSES[tone]}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label}
    </span>
  );
}
