import {
  checkInfoText,
  DEFAULT_CHARGES,
  defaultInfoPages,
  INFO_TEXT_LIMITS,
  type InfoPageSlug,
  type StoredInfoText,
} from '@courtside/shop';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/Button';
import { PageText } from '../../../components/ui/PageText';
import { TextField } from '../../../components/ui/TextField';
import { infoPagePath, paths } from '../../../config/routes';
import { errorText } from '../../../lib/errors';
import { useResetInfoTextMutation, useSaveInfoTextMutation } from './info-pages-api';
import { useShopFacts } from '../../../lib/shop-facts';
import { useChargesQuery } from '../../../entities/shop/charges-api';

const FORMAT_HELP = [
  ['## Heading', 'a heading'],
  ['- item', 'a list (1. for a numbered one)'],
  ['blank line', 'a new paragraph'],
  ['**words**', 'bold'],
  ['[words](https://…)', 'a link (or /faq for a page of the shop)'],
] as const;

/** Back to the default text, asked twice: the owner's own text goes. */
function UseDefault({ slug, disabled }: { slug: InfoPageSlug; disabled: boolean }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [reset, { isLoading }] = useResetInfoTextMutation();
  if (!asking) {
    return (
      <Button type="button" variant="ghost" disabled={disabled} onClick={() => setAsking(true)}>
        Use the default text
      </Button>
    );
  }
  return (
    <div role="alertdialog" aria-label="Confirm" className="flex flex-wrap items-center gap-2">
      <p className="text-sm text-ink-soft">Replace your text with the default?</p>
      <Button type="button" variant="ghost" onClick={() => setAsking(false)}>
        Cancel
      </Button>
      <Button
        type="button"
        variant="danger"
        loading={isLoading}
        onClick={async () => {
          try {
            await reset(slug).unwrap();
            toast.success('The default text is back');
            navigate(paths.dashboard.pages);
          } catch (error) {
            toast.error(`Nothing changed: ${errorText(error)}`);
            setAsking(false);
          }
        }}
      >
        Yes, use the default
      </Button>
    </div>
  );
}

/** One of the shop's pages: title, text in the pages' simple format, and a preview of it. */
export function InfoPageForm({ slug, saved }: { slug: InfoPageSlug; saved?: StoredInfoText }) {
  const navigate = useNavigate();
  const bodyId = useId();
  const facts = useShopFacts();
  const charges = useChargesQuery().data ?? DEFAULT_CHARGES;
  const start = saved ?? defaultInfoPages(facts, charges)[slug];
  const [title, setTitle] = useState(start.title);
  const [body, setBody] = useState(start.body);
  const [error, setError] = useState<string>();
  const [save, { isLoading }] = useSaveInfoTextMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkInfoText(slug, { title, body });
    setError(checked.error);
    if (!checked.ok) return;
    try {
      await save({ id: slug, text: checked.ok, saved: Boolean(saved) }).unwrap();
      toast.success('Page saved');
      navigate(paths.dashboard.pages);
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-5">
      {error && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-danger">
          {error}
        </p>
      )}
      <TextField
        label="Title"
        value={title}
        maxLength={INFO_TEXT_LIMITS.title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={bodyId} className="text-sm font-medium text-ink-soft">
          Text
        </label>
        <textarea
          id={bodyId}
          rows={16}
          value={body}
          maxLength={INFO_TEXT_LIMITS.body}
          onChange={(e) => setBody(e.target.value)}
          className="rounded-xl border border-line bg-white px-3.5 py-2.5 text-base leading-relaxed text-ink shadow-sm outline-none focus:border-ink"
        />
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          {FORMAT_HELP.map(([code, meaning]) => (
            <li key={code}>
              <code className="rounded bg-paper px-1 text-ink-soft">{code}</code> {meaning}
            </li>
          ))}
        </ul>
      </div>
      <details className="rounded-card border border-line bg-card p-4">
        <summary className="cursor-pointer text-sm font-semibold">Preview</summary>
        <div className="mt-4">
          <h2 className="mb-4 text-2xl font-black tracking-tight">{title}</h2>
          <PageText body={body} />
        </div>
      </details>
      <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:justify-between">
        <div className="flex flex-wrap items-center gap-3">
          {saved && <UseDefault slug={slug} disabled={isLoading} />}
          <Link
            to={infoPagePath(slug)}
            className="text-sm font-semibold text-court-dark underline-offset-2 hover:underline"
          >
            View the page
          </Link>
        </div>
        <Button type="submit" variant="secondary" loading={isLoading} className="sm:min-w-40">
          Save
        </Button>
      </div>
    </form>
  );
}
