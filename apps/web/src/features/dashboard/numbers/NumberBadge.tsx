import { NUMBER_LABELS, type NumberLabel } from '@courtside/shop';
import { STATUS_TONE_CLASSES } from '../../../components/ui/status-tones';

/** A number's label as a small badge (blocked red, risky amber, trusted green, new grey). */
export function NumberBadge({ label, className = '' }: { label: NumberLabel; className?: string }) {
  const { text, tone } = NUMBER_LABELS[label];
  return (
    <span
      data-label={label}
      title={`Number: ${text.toLowerCase()}`}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-[11px] leading-4 font-bold ring-1 ${STATUS_TONE_CLASSES[tone]} ${className}`}
    >
      {text}
    </span>
  );
}
