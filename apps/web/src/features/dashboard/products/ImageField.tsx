import { useId, useState } from 'react';
import { IMAGE_HINT } from '@courtside/shop';
import { previewUrl } from '../../../lib/images';
import { IMAGE_ACCEPT, type UploadProgress } from './images';
import { sortChosenFiles } from './photo-list';
import { useLocalPreview } from './use-local-preview';

interface ImageFieldProps {
  label: string;
  multiple?: boolean;
  /** Files chosen on this device, not uploaded yet. */
  files: File[];
  onFiles: (files: File[]) => void;
  /** Stored images already on the product (file ids). */
  existing?: string[];
  /** Upload progress per chosen file while saving: null until the SDK reports a figure. */
  progress: ReadonlyMap<File, UploadProgress>;
  error?: string | undefined;
  disabled?: boolean;
}

function ChosenFile({
  file,
  progress,
  onRemove,
}: {
  file: File;
  /** undefined: not uploading; null: uploading, no figure yet; else 0..100. */
  progress?: UploadProgress | undefined;
  onRemove?: (() => void) | undefined;
}) {
  const url = useLocalPreview(file);
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line bg-white p-2">
      <span className="size-14 shrink-0 overflow-hidden rounded-lg bg-paper">
        {url && <img src={url} alt="" className="size-full object-cover" />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{file.name}</span>
        {progress === undefined ? (
          <span className="text-xs text-muted">{Math.max(1, Math.round(file.size / 1024))} KB</span>
        ) : (
          <span className="mt-1 flex items-center gap-2">
            {/* Without a value a progress bar is indeterminate: no made-up "0%". */}
            <progress
              max={100}
              {...(progress === null ? {} : { value: progress })}
              aria-label={`Uploading ${file.name}`}
              className={`h-2 flex-1 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-court ${progress === null ? 'animate-pulse' : ''}`}
            />
            <span className="w-20 text-right text-xs tabular-nums" aria-live="polite">
              {progress === null ? 'Uploading…' : progress === 100 ? 'Done' : `${progress}%`}
            </span>
          </span>
        )}
      </span>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          className="min-h-11 px-2 text-sm font-semibold text-muted hover:text-danger"
          aria-label={`Remove ${file.name}`}
        >
          Remove
        </button>
      )}
    </li>
  );
}

/** Image upload with previews; only png, jpg, jpeg and webp are taken (docs/shop.md §5). */
export function ImageField(props: ImageFieldProps) {
  const {
    label,
    multiple = false,
    files,
    onFiles,
    existing = [],
    progress,
    error,
    disabled,
  } = props;
  const inputId = useId();
  const [refused, setRefused] = useState<string[]>([]);
  const saving = progress.size > 0;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink-soft">{label}</legend>
      {existing.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`${label}: stored`}>
          {existing.map((id) => (
            <li key={id} className="size-20 overflow-hidden rounded-lg border border-line bg-paper">
              <img src={previewUrl(id, 160, 160)} alt="" className="size-full object-cover" />
            </li>
          ))}
        </ul>
      )}
      <label
        htmlFor={inputId}
        className={`flex min-h-20 cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed bg-white px-3 py-4 text-center text-sm hover:border-court ${error ? 'border-danger' : 'border-line'}`}
      >
        <span className="font-semibold text-ink">
          {multiple ? 'Choose images' : existing.length ? 'Choose a new image' : 'Choose an image'}
        </span>
        <span className="text-xs text-muted">{IMAGE_HINT}</span>
      </label>
      <input
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        disabled={disabled}
        aria-label={label}
        className="sr-only"
        onChange={async (e) => {
          const chosen = Array.from(e.target.files ?? []);
          e.target.value = '';
          const { taken, refused: why } = await sortChosenFiles(chosen);
          setRefused(why);
          if (taken.length) onFiles(multiple ? [...files, ...taken] : taken.slice(0, 1));
        }}
      />
      {refused.length > 0 && (
        <ul role="alert" className="text-xs text-danger">
          {refused.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="flex flex-col gap-2">
          {files.map((f, i) => (
            <ChosenFile
              key={`${f.name}-${i}`}
              file={f}
              progress={progress.get(f)}
              onRemove={saving ? undefined : () => onFiles(files.filter((x) => x !== f))}
            />
          ))}
        </ul>
      )}
      {error && <p className="text-xs text-danger">{error}</p>}
    </fieldset>
  );
}
