import { useEffect, useState } from 'react';
import { fetchPrivateFile } from './payment-proof';

/**
 * A private picture (a payment screenshot) as an object URL this page may show and open: fetched
 * with the session, freed when the page leaves it. `failed` when the server would not give it.
 */
export function usePrivateImage(url: string | null): { src: string | null; failed: boolean } {
  const [shown, setShown] = useState<{ url: string; src: string | null; failed: boolean }>({
    url: '',
    src: null,
    failed: false,
  });
  useEffect(() => {
    if (!url) return;
    let live = true;
    let made: string | null = null;
    fetchPrivateFile(url).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        if (live) setShown({ url, src: made, failed: false });
      },
      () => {
        if (live) setShown({ url, src: null, failed: true });
      },
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return shown.url === url
    ? { src: shown.src, failed: shown.failed }
    : { src: null, failed: false };
}
