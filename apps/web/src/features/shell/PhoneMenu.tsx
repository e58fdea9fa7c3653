import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';

/** The menu's content comes in a chunk of its own, when the button is first tapped. */
const MenuSheet = lazy(() => import('./MenuSheet').then((m) => ({ default: m.MenuSheet })));

/**
 * The phone's menu (the header's Menu button, below tablet width): every pair, each brand with its
 * lines, the pairs in one's size, and the size guide. It closes on the page it opens.
 */
export function PhoneMenu() {
  const [open, setOpen] = useState(false);
  const { key } = useLocation();
  // A new page closes the menu (adjusting state during render, not in an effect).
  const [openedAt, setOpenedAt] = useState(key);
  if (openedAt !== key) {
    setOpenedAt(key);
    setOpen(false);
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Menu"
        aria-haspopup="dialog"
        className="grid size-11 shrink-0 place-items-center rounded-full text-ink hover:bg-white md:hidden"
      >
        <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <MenuSheet onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
