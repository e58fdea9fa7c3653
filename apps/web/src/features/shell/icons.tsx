import type { ShopFacts } from '@courtside/shop';
import { WHATSAPP_ICON_PATH } from '../../components/ui/WhatsAppButton';
/** The shell's small line icons, drawn inline so they cost no request. */
const PATHS = {
  cart: 'M3 4h2l2.4 10.2a1 1 0 001 .8h8.9a1 1 0 001-.8L20 8H6.2M9 20a1 1 0 100-2 1 1 0 000 2zm8 0a1 1 0 100-2 1 1 0 000 2z',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z',
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  ruler: 'M3 17L17 3l4 4L7 21zM7 13l2 2M10 10l2 2M13 7l2 2',
  truck:
    'M3 7h11v8H3zM14 10h4l3 3v2h-7zM7 18a2 2 0 100-4 2 2 0 000 4zM17 18a2 2 0 100-4 2 2 0 000 4z',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
} as const;

export function Icon({
  name,
  className = 'size-5',
}: {
  name: keyof typeof PATHS;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** "Cart, 1 item", "Cart, 3 items": a link's name with its badge's count. */
export const countLabel = (name: string, count: number): string =>
  `${name}, ${count} ${count === 1 ? 'item' : 'items'}`;

export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -right-1 -top-1 grid min-w-5 place-items-center rounded-full bg-court px-1 text-[11px] font-bold leading-5 text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export const SOCIAL_ICONS = {
  whatsapp: WHATSAPP_ICON_PATH,
  instagram:
    'M7 2h10a5 5 0 015 5v10a5 5 0 01-5 5H7a5 5 0 01-5-5V7a5 5 0 015-5zm5 5a5 5 0 100 10 5 5 0 000-10zm0 2a3 3 0 110 6 3 3 0 010-6zm5.5-3.5a1 1 0 100 2 1 1 0 000-2z',
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z',
  tiktok: 'M14 3h3a4 4 0 004 4v3a7 7 0 01-4-1.3V15a6 6 0 11-6-6v3.2a2.8 2.8 0 102.9 2.8z',
} as const;

export function SocialIcon({
  name,
  className = 'size-5',
}: {
  name: keyof typeof SOCIAL_ICONS;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path d={SOCIAL_ICONS[name]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}

/**
 * The shop's social pages (the owner's settings), as the footer and the floating links show
 * them: only those the shop has.
 */
export function socialLinks(facts: Pick<ShopFacts, 'instagram' | 'facebook' | 'tiktok'>) {
  const all = [
    { name: 'instagram', label: 'Instagram', href: facts.instagram },
    { name: 'facebook', label: 'Facebook', href: facts.facebook },
    { name: 'tiktok', label: 'TikTok', href: facts.tiktok },
  ] as const;
  return all.filter((s) => s.href);
}
