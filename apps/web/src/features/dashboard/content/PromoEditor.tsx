import { CONTENT_LIMITS, type PromoBlock } from '@courtside/shop';
import { TextField } from '../../../components/ui/TextField';
import { PictureField } from './PictureField';
import { LINK_HINT } from './SlideEditor';

/** The home page's promo block in the dashboard: its picture and words. */
export function PromoEditor({
  promo,
  onChange,
}: {
  promo: PromoBlock;
  onChange: (promo: PromoBlock) => void;
}) {
  const set = (key: keyof PromoBlock) => (e: { target: { value: string } }) =>
    onChange({ ...promo, [key]: e.target.value });
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
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Small line"
          value={promo.eyebrow}
          maxLength={CONTENT_LIMITS.eyebrow}
          onChange={set('eyebrow')}
        />
        <TextField
          label="Heading"
          value={promo.title}
          maxLength={CONTENT_LIMITS.title}
          onChange={set('title')}
        />
        <TextField
          label="Text"
          value={promo.text}
          maxLength={CONTENT_LIMITS.text}
          onChange={set('text')}
          className="sm:col-span-2"
        />
        <TextField
          label="Button"
          value={promo.cta}
          maxLength={CONTENT_LIMITS.cta}
          onChange={set('cta')}
        />
        <TextField
          label="Link"
          value={promo.link}
          maxLength={CONTENT_LIMITS.link}
          onChange={set('link')}
          hint={`${LINK_HINT} #subscribe: the subscribe box.`}
          inputMode="url"
        />
      </div>
    </fieldset>
  );
}
