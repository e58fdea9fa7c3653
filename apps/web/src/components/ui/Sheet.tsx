import { useEffect, useId, useRef, type ReactNode } from 'react';

const SIDES = {
  bottom:
    'm-0 mt-auto max-h-[88dvh] w-full max-w-none rounded-t-2xl sm:mx-auto sm:max-w-lg [&>div]:max-h-[88dvh]',
  left: 'm-0 h-dvh max-h-none w-[86vw] max-w-sm [&>div]:h-full',
} as const;

/**
 * A sheet over a phone's screen, rising from the bottom or sliding in from the left: a modal
 * <dialog> (the browser keeps focus inside it, Escape closes it, the page behind is inert), with
 * its title, a close button, the scrolling content and a footer of actions. Closing hands focus
 * back to what opened it.
 */
export function Sheet({
  title,
  onClose,
  footer,
  side = 'bottom',
  children,
}: {
  title: string;
  onClose: () => void;
  footer?: ReactNode;
  side?: keyof typeof SIDES;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    const opener = d.ownerDocument.activeElement as HTMLElement | null;
    // Where modal dialogs are missing (old browsers, test DOMs) it opens in place.
    if (!d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.open = true;
    }
    // The page behind does not scroll under a finger dragging the sheet.
    const root = d.ownerDocument.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A tap on the backdrop (the dialog itself, outside its panel) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
      className={`${SIDES[side]} bg-paper p-0 text-ink shadow-2xl backdrop:bg-ink/50`}
    >
      <div className="flex flex-col">
        <div className="flex items-center justify-between border-b border-line px-4 py-2">
          <h2 id={titleId} className="text-lg font-black">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="grid size-11 place-items-center rounded-full hover:bg-white"
          >
            <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
        <div className="flex-1 overflow-y-auto overscroll-contain px-4 py-5">{children}</div>
        {footer && (
          <div className="flex gap-2 border-t border-line bg-white px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            {footer}
          </div>
        )}
      </div>
    </dialog>
  );
}
