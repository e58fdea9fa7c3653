import { useId, useState, type DragEvent } from 'react';
import { IMAGE_HINT, PHOTO_MESSAGES, PRODUCT_PHOTOS } from '@courtside/shop';
import { previewUrl } from '../../../lib/images';
import { IMAGE_ACCEPT, type UploadProgress } from './images';
import { useLocalPreview } from './use-local-preview';
import { chosenPhotos, movePhoto, photoName, sortChosenFiles, type PhotoItem } from './photo-list';

interface PhotosFieldProps {
  photos: PhotoItem[];
  onPhotos: (photos: PhotoItem[]) => void;
  /** Upload progress per chosen file while saving: null until the SDK reports a figure. */
  progress: ReadonlyMap<File, UploadProgress>;
  error?: string | undefined;
  disabled?: boolean;
}

const small =
  'grid min-h-11 min-w-11 place-items-center rounded-full bg-white/95 text-sm font-bold text-ink shadow ring-1 ring-line disabled:opacity-30';

function PhotoCard(props: {
  item: PhotoItem;
  index: number;
  count: number;
  progress: UploadProgress | undefined;
  locked: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
  drag: {
    onDragStart: (e: DragEvent) => void;
    onDragOver: (e: DragEvent) => void;
    onDrop: (e: DragEvent) => void;
  };
}) {
  const { item, index, count, progress, locked, onMove, onRemove, drag } = props;
  const local = useLocalPreview(item.file);
  const src = item.stored ? previewUrl(item.stored, 320) : local;
  const name = photoName(item, index);
  return (
    <li
      draggable={!locked}
      {...drag}
      aria-label={`Photo ${index + 1} of ${count}${index === 0 ? ', the cover' : ''}`}
      className="flex cursor-grab flex-col overflow-hidden rounded-xl border border-line bg-white active:cursor-grabbing"
    >
      <div className="relative aspect-square bg-paper">
        {src && <img src={src} alt={name} draggable={false} className="size-full object-contain" />}
        {index === 0 && (
          <span className="absolute top-1.5 left-1.5 rounded-full bg-ink/85 px-2 py-0.5 text-[11px] font-semibold text-white">
            Cover
          </span>
        )}
        {progress !== undefined && (
          <progress
            max={100}
            {...(progress === null ? {} : { value: progress })}
            aria-label={`Uploading ${name}`}
            className="absolute inset-x-2 bottom-2 h-2 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-court"
          />
        )}
      </div>
      <div className="flex items-center justify-between gap-1 p-1">
        <button
          type="button"
          className={small}
          disabled={locked || index === 0}
          onClick={() => onMove(index - 1)}
          aria-label={`Move ${name} left`}
        >
          ‹
        </button>
        <button
          type="button"
          className="min-h-11 flex-1 rounded-full px-1 text-xs font-semibold text-muted hover:text-danger disabled:opacity-30"
          disabled={locked}
          onClick={onRemove}
          aria-label={`Remove ${name}`}
        >
          Remove
        </button>
        <button
          type="button"
          className={small}
          disabled={locked || index === count - 1}
          onClick={() => onMove(index + 1)}
          aria-label={`Move ${name} right`}
        >
          ›
        </button>
      </div>
    </li>
  );
}

/**
 * The product's photos as one list, the first the cover: added (refused files named, with the
 * reason), removed, and put in order by dragging or with the Move buttons. Nothing is uploaded
 * or deleted until the product is saved.
 */
export function PhotosField({ photos, onPhotos, progress, error, disabled }: PhotosFieldProps) {
  const inputId = useId();
  const [refused, setRefused] = useState<string[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const locked = Boolean(disabled) || progress.size > 0;
  const move = (from: number, to: number) => {
    if (to < 0 || to >= photos.length || from === to) return;
    onPhotos(movePhoto(photos, from, to));
    setSaid(`${photoName(photos[from]!, from)} is now photo ${to + 1} of ${photos.length}`);
  };
  const room = PRODUCT_PHOTOS.most - photos.length;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink-soft">Photos</legend>
      <p className="text-xs text-muted">
        The first photo is the cover. One photo is enough; drag or use the arrows to reorder.
      </p>
      {photos.length > 0 && (
        <ul aria-label="Photos" className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-5">
          {photos.map((item, i) => (
            <PhotoCard
              key={item.key}
              item={item}
              index={i}
              count={photos.length}
              progress={item.file ? progress.get(item.file) : undefined}
              locked={locked}
              onMove={(to) => move(i, to)}
              onRemove={() => {
                onPhotos(photos.filter((p) => p !== item));
                setSaid(`${photoName(item, i)} removed`);
              }}
              drag={{
                onDragStart: (e) => {
                  setDragged(i);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(i));
                },
                onDragOver: (e) => {
                  if (dragged !== null) e.preventDefault();
                },
                onDrop: (e) => {
                  e.preventDefault();
                  const from = dragged ?? Number(e.dataTransfer.getData('text/plain'));
                  setDragged(null);
                  if (Number.isInteger(from)) move(from, i);
                },
              }}
            />
          ))}
        </ul>
      )}
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      <label
        htmlFor={inputId}
        className={`flex min-h-20 cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed bg-white px-3 py-4 text-center text-sm hover:border-court ${error ? 'border-danger' : 'border-line'}`}
      >
        <span className="font-semibold text-ink">
          {photos.length ? 'Add more photos' : 'Choose photos'}
        </span>
        <span className="text-xs text-muted">
          {IMAGE_HINT}; up to {PRODUCT_PHOTOS.most} photos
        </span>
      </label>
      <input
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        disabled={locked}
        aria-label="Add photos"
        className="sr-only"
        onChange={async (e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          const { taken, refused: why } = await sortChosenFiles(files);
          const fits = taken.slice(0, Math.max(0, room));
          const over = taken
            .slice(fits.length)
            .map((f) => `${f.name} was not added: ${PHOTO_MESSAGES.tooMany.toLowerCase()}`);
          setRefused([...why, ...over]);
          if (fits.length) onPhotos([...photos, ...chosenPhotos(fits)]);
        }}
      />
      {refused.length > 0 && (
        <ul role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-danger">
          {refused.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {error && <p className="text-xs text-danger">{error}</p>}
    </fieldset>
  );
}
