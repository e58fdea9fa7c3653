import { useRef } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import { fullSizeUrl } from '../../lib/images';

const PLUGINS = [Zoom];
const none = () => null;

interface ZoomViewProps {
  /** The product's picture files, in the gallery's order. */
  images: string[];
  alt: (index: number) => string;
  /** The picture it opens on. */
  start: number;
  /** Closed (close button, Escape, a tap beside the picture) on the picture then on screen. */
  onClose: (index: number) => void;
}

/**
 * The product's photos full screen (yet-another-react-lightbox): pinch, double-tap or the zoom
 * button to look closer, swipe or arrows between photos. Each photo is the full-size preview,
 * uncropped; its own pixels, measured once loaded, set how far it zooms (up to twice them, so a
 * small photo still enlarges enough to see a crease). Loaded lazily by the gallery.
 */
export default function ZoomView({ images, alt, start, onClose }: ZoomViewProps) {
  const at = useRef(start);
  const single = images.length < 2;
  return (
    <Lightbox
      open
      index={start}
      close={() => onClose(at.current)}
      slides={images.map((id, i) => ({ src: fullSizeUrl(id), alt: alt(i) }))}
      plugins={PLUGINS}
      zoom={{ maxZoomPixelRatio: 2, scrollToZoom: true }}
      carousel={{ finite: single, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      on={{ view: ({ index }) => (at.current = index) }}
      render={single ? { buttonPrev: none, buttonNext: none } : undefined}
    />
  );
}
