import type { ReactNode } from 'react';

/** WhatsApp's mark, drawn once for every WhatsApp link of the shop. */
export const WHATSAPP_ICON_PATH =
  'M12 2a10 10 0 00-8.6 15.1L2 22l5-1.3A10 10 0 1012 2zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .2-3.3-.7-2.8-1.1-4.6-4-4.7-4.2-.1-.2-1.1-1.5-1.1-2.9 0-1.4.7-2 1-2.3.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 2c.1.2.1.4 0 .5l-.4.6-.3.3c-.1.1-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.1 1 2.1 1.3 2.4 1.5.3.1.5.1.6-.1l.9-1c.2-.3.4-.2.6-.1l1.9.9c.3.1.5.2.5.3.1.1.1.7-.1 1.1z';

/** A green WhatsApp button that opens a chat with a prepared message (D14), in a new tab. */
export function WhatsAppButton({
  href,
  children,
  className = '',
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-whatsapp px-5 py-2 text-center text-sm leading-snug font-semibold text-white hover:bg-whatsapp-dark ${className}`}
    >
      <svg viewBox="0 0 24 24" className="size-5 shrink-0" aria-hidden="true">
        <path fill="currentColor" d={WHATSAPP_ICON_PATH} />
      </svg>
      {children}
    </a>
  );
}
