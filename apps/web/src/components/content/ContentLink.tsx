import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link of the owner's content (a banner slide's or the promo's button): a shop path goes
 * through the router, a part of the page (#subscribe) and a web address are plain links, the
 * latter in a new tab.
 */
export function ContentLink({
  to,
  className,
  tabIndex,
  'aria-label': label,
  children,
}: {
  to: string;
  className?: string;
  tabIndex?: number;
  'aria-label'?: string;
  children: ReactNode;
}) {
  const common = { className, tabIndex, 'aria-label': label };
  if (to.startsWith('/')) {
    return (
      <Link to={to} {...common}>
        {children}
      </Link>
    );
  }
  const external = to.startsWith('https://');
  return (
    <a href={to} {...common} {...(external ? { target: '_blank', rel: 'noopener' } : {})}>
      {children}
    </a>
  );
}
