import { Link } from 'react-router';
import { useEffect, useRef, useState } from 'react';
import { logoUrl } from '../../lib/images';
import { useShopContent } from '../../lib/shop-content';
import { useShopFacts } from '../../lib/shop-facts';

interface BrandProps {
  /** Logo diameter in pixels; the wordmark scales with it. */
  width?: number;
  color?: 'ink' | 'white';
  /** Show only the round logo. */
  compact?: boolean;
  className?: string;
}

/** The built-in round ball logo: crisp at every size, no request; the fallback of `Logo`. */
function BuiltInLogo({ size, className = '' }: { size: number; className?: string }) {
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

type LogoState = 'loading' | 'shown' | 'missing';

/**
 * The shop's round logo: the `logo` file of the images bucket as the owner uploaded it (spec
 * section 1), drawn over the built-in one once it has loaded; the built-in one stays when there is
 * no such file or it cannot be read. The box never changes size, so nothing moves.
 */
export function Logo({ size = 36, className = '' }: { size?: number; className?: string }) {
  const [state, setState] = useState<LogoState>('loading');
  const picture = useRef<HTMLImageElement>(null);
  const { logo } = useShopContent();
  useEffect(() => {
    // A server-rendered page's picture may have loaded (or failed) before the app took it over.
    const img = picture.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? 'shown' : 'missing');
  }, []);
  return (
    <span
      aria-hidden="true"
      className={`relative inline-block shrink-0 ${className}`}
      style={{ width: size, height: size }}
    >
      {state !== 'shown' && <BuiltInLogo size={size} className="absolute inset-0" />}
      {state !== 'missing' && (
        <img
          ref={picture}
          src={logoUrl(size, logo)}
          alt=""
          width={size}
          height={size}
          decoding="async"
          onLoad={() => setState('shown')}
          onError={() => setState('missing')}
          className={`absolute inset-0 size-full object-contain ${state === 'shown' ? '' : 'opacity-0'}`}
        />
      )}
    </span>
  );
}

/** Round logo with the wordmark beside it, linking home (docs/shop.md §1). */
export function Brand({ width = 36, color = 'ink', compact = false, className = '' }: BrandProps) {
  const { name } = useShopFacts();
  return (
    <Link
      to="/"
      className={`inline-flex items-center gap-2 font-black tracking-tight ${color === 'white' ? 'text-white' : 'text-ink'} ${className}`}
      aria-label={`${name} home`}
    >
      <Logo size={width} />
      {!compact && (
        <span
          style={{ fontSize: Math.round(width * 0.62) }}
          className="font-display leading-none uppercase"
        >
          {name}
        </span>
      )}
    </Link>
  );
}
