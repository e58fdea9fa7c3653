import { CONDITION_CHECKS, conditionPhotoList, isPreLoved, type Product } from '@courtside/shop';
import { useId } from 'react';
import { ConditionBadge } from '../../components/product/ConditionGrade';
import { ProductImage } from '../../components/product/ProductImage';

/**
 * A pre-loved pair's condition card: its grade, what the shop checked, and the close-ups the
 * owner added (sole, heel, box, size tag; a slot left empty is not shown). New pairs have none.
 */
export function ConditionCard({ product }: { product: Product }) {
  const heading = useId();
  if (!isPreLoved(product.condition)) return null;
  const photos = conditionPhotoList(product.condition_photos);
  return (
    <section
      aria-labelledby={heading}
      className="space-y-3 rounded-card border border-line bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={heading} className="text-lg font-bold">
          Condition
        </h2>
        <ConditionBadge condition={product.condition} />
      </div>
      <ul aria-label="What we checked" className="space-y-1.5 text-sm text-ink-soft">
        {CONDITION_CHECKS.map((check) => (
          <li key={check} className="flex gap-2">
            <svg
              viewBox="0 0 20 20"
              className="mt-0.5 size-4 shrink-0 text-success"
              aria-hidden="true"
            >
              <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.2" />
            </svg>
            {check}
          </li>
        ))}
      </ul>
      {photos.length > 0 && (
        <ul aria-label="Condition photos" className="grid grid-cols-4 gap-2">
          {photos.map((photo) => (
            <li key={photo.id}>
              <figure className="space-y-1">
                <ProductImage
                  fileId={photo.fileId}
                  alt={`${product.title}: ${photo.label.toLowerCase()}`}
                  sizes="(min-width: 640px) 120px, 22vw"
                  widths={[160, 240]}
                  fit="cover"
                  className="rounded-lg"
                />
                <figcaption className="text-center text-xs text-muted">{photo.label}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
