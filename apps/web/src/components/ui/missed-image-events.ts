import { useEffect, type RefObject } from 'react';

/**
 * A picture the server rendered may have loaded, or failed, before the app hydrated the page
 * (docs/architecture.md#speed): its load or error event is gone. Replays it once at mount from the
 * element's own state; later events arrive as usual (handlers must bear a repeat).
 */
export function useMissedImageEvents(
  ref: RefObject<HTMLImageElement | null>,
  onLoad?: () => void,
  onError?: () => void,
): void {
  useEffect(() => {
    const img = ref.current;
    if (!img?.complete || !img.getAttribute('src')) return;
    if (img.naturalWidth > 0) onLoad?.();
    else onError?.();
    // Once, at mount: what happens later comes through the element's own events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
