import { useRef, useState } from 'react';
import { previewSrcSet, previewUrl } from '../../lib/images';
import { useMissedImageEvents } from '../ui/missed-image-events';

interface ProductImageProps {
  fileId: string | undefined;
  alt: string;
  /** Width / height of the box, so nothing shifts when the picture loads. */
  ratio?: number;
  /** The widths (px) to offer in the srcset. */
  widths?: readonly number[];
  /** The `sizes` attribute: how wide the box is on screen. */
  sizes: string;
  /** Above the fold: load at once with high priority; otherwise lazily. */
  eager?: boolean;
  className?: string;
  /**
   * How the picture fills its box: whole and letterboxed (the default: a buyer must see the
   * whole shoe), or cropped to the box.
   */
  fit?: 'cover' | 'contain';
  /** Fill a positioned parent that sets its own shape, instead of a box of `ratio`. */
  fill?: boolean;
  /** Called once the picture has loaded or failed (also when that happened before hydration). */
  onSettled?: () => void;
}

/**
 * A storage picture through the preview endpoint (webp, srcset), inside a fixed aspect-ratio box.
 * A missing or broken file leaves a quiet placeholder of the same shape.
 */
export function ProductImage({
  fileId,
  alt,
  ratio = 1,
  widths = [240, 360, 480, 720],
  sizes,
  eager = false,
  className = '',
  fit = 'contain',
  fill = false,
  onSettled,
}: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  const fail = () => {
    setFailed(true);
    onSettled?.();
  };
  useMissedImageEvents(img, onSettled, fail);
  const fitted = fit === 'cover' ? 'object-cover' : 'object-contain';
  return (
    <div
      className={`${fill ? 'absolute inset-0' : 'relative'} overflow-hidden bg-slate-100 ${className}`}
      style={fill ? undefined : { aspectRatio: String(ratio) }}
    >
      {fileId && !failed ? (
        <img
          ref={img}
          src={previewUrl(
            fileId,
            widths[Math.min(1, widths.length - 1)]!,
            fit === 'cover'
              ? Math.round(widths[Math.min(1, widths.length - 1)]! / ratio)
              : undefined,
          )}
          srcSet={previewSrcSet(fileId, widths, fit === 'cover' ? ratio : undefined)}
          sizes={sizes}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          // Eager pictures are the first screen's: painted with the page, not a frame after (LCP).
          decoding={eager ? 'sync' : 'async'}
          onLoad={onSettled}
          onError={fail}
          className={`absolute inset-0 size-full ${fitted}`}
        />
      ) : (
        <div
          role={alt ? 'img' : undefined}
          aria-label={alt || undefined}
          className="absolute inset-0 grid place-items-center text-slate-300"
        >
          <svg viewBox="0 0 48 48" className="w-1/4 max-w-16" aria-hidden="true">
            <path d="M4 30c6 0 10-8 14-8s6 4 12 4 10 4 14 6v6H4z" fill="currentColor" />
          </svg>
        </div>
      )}
    </div>
  );
}
