import { Link } from 'react-router';
import { SHOP_FACTS } from '@courtside/shop';

interface BrandProps {
  /** Logo diameter in pixels; the wordmark scales with it. */
  width?: number;
  color?: 'ink' | 'white';
  /** Show only the round logo. */
  compact?: boolean;
  className?: string;
}

/** The round ball logo, drawn here so it is crisp at every size and costs no request. */
export function Logo({ size = 36, className = '' }: { size?: number; className?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <circle cx="32" cy="32" r="30" fill="#f97316" />
      <path
        d="M32 2v60M2 32h60M11 11c12 10 12 32 0 42M53 11c-12 10-12 32 0 42"
        fill="none"
        stroke="#0f172a"
        strokeWidth="3"
      />
    </svg>
  );
}

/** Round logo with the wordmark beside it, linking home (docs/shop.md §1). */
export function Brand({ width = 36, color = 'ink', compact = false, className = '' }: BrandProps) {
  return (
    <Link
      to="/"
      className={`inline-flex items-center gap-2 font-black tracking-tight ${color === 'white' ? 'text-white' : 'text-ink'} ${className}`}
      aria-label={`${SHOP_FACTS.name} home`}
    >
      <Logo size={width} />
      {!compact && (
        <span style={{ fontSize: Math.round(width * 0.62) }} className="leading-none uppercase">
          {SHOP_FACTS.name}
        </span>
      )}
    </Link>
  );
}
