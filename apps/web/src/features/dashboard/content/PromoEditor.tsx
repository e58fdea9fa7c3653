import type { PromoBlock } from '@courtside/shop';
import { ContentFields, LINK_HINT, type ContentField } from './ContentFields';
import { PictureField } from './PictureField';

const FIELDS: readonly ContentField[] = [
  { key: 'eyebrow' },
  { key: 'title' },
  { key: 'text', wide: true },
  { key: 'cta' },
  { key: 'link', hint: `${LINK_HINT} #subscribe: the subscribe box.` },
];

/** The home page's promo block in the dashboard: its picture and words. */
export function PromoEditor({
  promo,
  onChange,
}: {
  promo: PromoBlock;
  onChange: (promo: PromoBlock) => void;
}) {
  return (
    <fieldset className="grid gap-4 rounded-card border border-line bg-card p-4 shadow-sm md:grid-cols-[14rem_1fr]">
      <legend className="sr-only">Promo</legend>
      <PictureField
        label="Promo picture"
        file={promo.file}
        aspect="aspect-[3/1]"
        hint="Wide, like 1200 × 400; phones show its right side."
        onUploaded={(file) => onChange({ ...promo, file })}
      />
      <ContentFields value={promo} fields={FIELDS} onChange={onChange} />
    </fieldset>
  );
}
