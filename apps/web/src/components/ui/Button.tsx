import type { ComponentPropsWithRef } from 'react';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-ink text-white hover:bg-ink-soft disabled:bg-muted',
  secondary: 'bg-court text-white hover:bg-court-dark disabled:bg-muted',
  ghost: 'bg-transparent text-ink ring-1 ring-line hover:bg-white',
  danger: 'bg-danger text-white hover:bg-red-700 disabled:bg-muted',
};

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: Variant;
  loading?: boolean;
}

/** The shop's button: 44 px tall so thumbs hit it, with a loading state that blocks re-submits. */
export function Button({
  variant = 'primary',
  loading = false,
  className = '',
  children,
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
    >
      {loading && <Spinner label="Working" />}
      {children}
    </button>
  );
}
