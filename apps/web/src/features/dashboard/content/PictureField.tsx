import { IMAGE_HINT } from '@courtside/shop';
import { useId, useState } from 'react';
import { errorText } from '../../../lib/errors';
import { previewUrl } from '../../../lib/images';
import { chosenPictureProblem, IMAGE_ACCEPT, uploadImage } from '../products/images';

/**
 * One picture of the storefront's content: what it shows now, and a file to choose instead,
 * uploaded to the images bucket at once (the content names it once saved). Only png, jpg, jpeg
 * and webp are taken; the server checks the file is a picture again when the content is saved.
 */
export function PictureField({
  label,
  file,
  onUploaded,
  aspect,
  fit = 'cover',
  hint,
}: {
  /** The file input's accessible name: "Slide 2 picture". */
  label: string;
  /** The file shown now; empty while none is chosen. */
  file: string;
  onUploaded: (fileId: string) => void;
  /** The thumbnail's shape, as a Tailwind aspect class. */
  aspect: string;
  /** `contain` for a picture shown whole (the logo, the size chart). */
  fit?: 'cover' | 'contain';
  hint?: string;
}) {
  const inputId = useId();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = await chosenPictureProblem(chosen);
    if (problem) {
      setState({ busy: false, error: problem });
      return;
    }
    setState({ busy: true, error: null });
    try {
      onUploaded(await uploadImage(chosen, () => undefined));
      setState({ busy: false, error: null });
    } catch (err) {
      setState({ busy: false, error: errorText(err) });
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <span
        className={`block w-full overflow-hidden rounded-xl border border-line bg-ink/5 ${aspect}`}
      >
        {file ? (
          <img
            src={previewUrl(file, 480)}
            alt=""
            className={`size-full ${fit === 'contain' ? 'object-contain' : 'object-cover'}`}
          />
        ) : (
          <span className="grid size-full place-items-center p-2 text-center text-xs text-muted">
            No picture yet
          </span>
        )}
      </span>
      <label
        htmlFor={inputId}
        className={`inline-flex min-h-11 w-fit cursor-pointer items-center rounded-full px-4 text-sm font-semibold ring-1 ring-line hover:bg-white ${state.busy ? 'opacity-60' : ''}`}
      >
        {state.busy ? 'Uploading…' : file ? 'Choose another picture' : 'Choose a picture'}
      </label>
      <input
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        aria-label={label}
        disabled={state.busy}
        className="sr-only"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          void choose(chosen);
        }}
      />
      <span className="text-xs text-muted">{hint ?? IMAGE_HINT}</span>
      {state.error && (
        <p role="alert" className="text-xs text-danger">
          {state.error}
        </p>
      )}
    </div>
  );
}
