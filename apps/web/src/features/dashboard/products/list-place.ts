import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/routes';

/**
 * Where the owner was on the product list (its filters and page, how far down) when they left it
 * for a product's form: after Add, Update or Delete they are taken back there.
 */
const KEY = 'courtside.products-place';

interface Place {
  search: string;
  y: number;
}

/** Kept for this tab only: another tab has its own list. */
export function rememberListPlace(search: string) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ search, y: Math.round(window.scrollY) }));
  } catch {
    // No storage (a private window's quota): the list opens at its top.
  }
}

function readPlace(): Place {
  try {
    const place = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Place> | null;
    if (place && typeof place.search === 'string' && typeof place.y === 'number') {
      return { search: place.search, y: place.y };
    }
  } catch {
    // Unreadable: the list's top.
  }
  return { search: '', y: 0 };
}

/** Back to the product list where the owner left it. */
export function useBackToList() {
  const navigate = useNavigate();
  return () => {
    const { search, y } = readPlace();
    navigate(`${paths.dashboard.products}${search}`, { state: { scrollY: y } });
  };
}

/**
 * On the list: once its products show, scrolls to where the owner was when they left it for a
 * form (the navigation's state says how far); any other visit starts at the top as usual.
 */
export function useRestoreListScroll(ready: boolean) {
  const location = useLocation();
  const wanted = (location.state as { scrollY?: unknown } | null)?.scrollY;
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || typeof wanted !== 'number' || done.current === location.key) return;
    done.current = location.key;
    window.scrollTo(0, wanted);
  }, [ready, wanted, location.key]);
}
