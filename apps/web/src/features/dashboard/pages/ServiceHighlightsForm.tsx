import {
  DEFAULT_HIGHLIGHTS,
  HIGHLIGHT_LIMITS,
  HIGHLIGHTS_ID,
  HIGHLIGHTS_TITLE,
  highlightsBody,
  readHighlights,
  type Highlight,
  type StoredInfoText,
} from '@courtside/shop';
import { useState } from 'react';
import { TextField } from '../../../components/ui/TextField';
import { ShortTextForm } from './ShortTextForm';

/** What each box is about, as its icon on the home page shows it. */
const BOXES = ['Delivery', 'Answers', 'The pair'];

/**
 * The home page's three service highlights (D33): each a short promise and a line under it, the
 * defaults until the owner saves their own, and again after "Use the defaults".
 */
export function ServiceHighlightsForm({ saved }: { saved: StoredInfoText | undefined }) {
  const [values, setValues] = useState<Highlight[]>(() => readHighlights(saved?.body));

  const change = (i: number, field: keyof Highlight, value: string) =>
    setValues((all) => all.map((h, at) => (at === i ? { ...h, [field]: value } : h)));

  return (
    <ShortTextForm
      id={HIGHLIGHTS_ID}
      title={HIGHLIGHTS_TITLE}
      saved={saved}
      body={() => highlightsBody(values)}
      show={(body) => setValues(readHighlights(body))}
      defaultToast="The default highlights are back"
      defaultLabel="Use the defaults"
    >
      {({ error, buttons }) => (
        <>
          <p className="mt-1 text-sm text-muted">
            The three promises at the foot of the home page. Promise only what you keep, like
            &ldquo;
            {DEFAULT_HIGHLIGHTS[1]!.title}&rdquo;.
          </p>
          <div className="mt-4 space-y-4">
            {values.map((h, i) => (
              // A row each, the promise beside its line from `sm`: wide enough to read them whole.
              <fieldset key={BOXES[i]} className="grid gap-3 sm:grid-cols-[2fr_3fr]">
                <legend className="mb-2 text-sm font-bold">
                  {i + 1}. {BOXES[i]}
                </legend>
                <TextField
                  label={`Promise ${i + 1}`}
                  value={h.title}
                  maxLength={HIGHLIGHT_LIMITS.title}
                  onChange={(e) => change(i, 'title', e.target.value)}
                />
                <TextField
                  label={`Line under promise ${i + 1}`}
                  value={h.text}
                  maxLength={HIGHLIGHT_LIMITS.text}
                  onChange={(e) => change(i, 'text', e.target.value)}
                />
              </fieldset>
            ))}
          </div>
          {error && (
            <p role="alert" className="mt-3 text-sm text-danger">
              {error}
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-2">{buttons}</div>
        </>
      )}
    </ShortTextForm>
  );
}
