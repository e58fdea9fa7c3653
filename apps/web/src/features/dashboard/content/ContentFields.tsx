import { CONTENT_FIELD_LABELS, CONTENT_LIMITS } from '@courtside/shop';
import { TextField } from '../../../components/ui/TextField';

type TextKey = 'eyebrow' | 'title' | 'text' | 'cta' | 'link';

export interface ContentField {
  key: TextKey;
  /** Across both columns. */
  wide?: boolean;
  hint?: string;
}

export const LINK_HINT = 'A shop path like /shop or /brand/nike, or a web address (https://…).';

/** The field's label: the name the rules' messages use, capitalised ("Heading"). */
const labelOf = (key: TextKey) =>
  CONTENT_FIELD_LABELS[key].charAt(0).toUpperCase() + CONTENT_FIELD_LABELS[key].slice(1);

/** A slide's or the promo's words and link, each field within its longest length. */
export function ContentFields<
  T extends Record<TextKey, string> | Omit<Record<TextKey, string>, 'eyebrow'>,
>({
  value,
  fields,
  onChange,
}: {
  value: T;
  fields: readonly ContentField[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {fields.map(({ key, wide, hint }) => (
        <TextField
          key={key}
          label={labelOf(key)}
          value={(value as Partial<Record<TextKey, string>>)[key] ?? ''}
          maxLength={CONTENT_LIMITS[key]}
          onChange={(e) => onChange({ ...value, [key]: e.target.value })}
          {...(hint ? { hint } : {})}
          {...(key === 'link' ? { inputMode: 'url' as const } : {})}
          className={wide ? 'sm:col-span-2' : ''}
        />
      ))}
    </div>
  );
}
