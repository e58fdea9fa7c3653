import { customerStatus, type StatusTone } from '@courtside/shop';

const TONES: Record<StatusTone, string> = {
  red: 'bg-red-50 text-red-700 ring-red-200',
  green: 'bg-green-50 text-green-700 ring-green-200',
  blue: 'bg-blue-50 text-blue-700 ring-blue-200',
};

/** The customer's status label and colour (spec section 4, D5). */
export function StatusBadge({ status }: { status: string }) {
  const { label, tone } = customerStatus(status);
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-bold ring-1 ${TONES[tone]}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label}
    </span>
  );
}
