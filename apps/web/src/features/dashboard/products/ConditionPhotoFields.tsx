import {
  CONDITION_PHOTO_SLOTS,
  readConditionPhotos,
  type ConditionPhotoSlot,
} from '@courtside/shop';
import { ImageField } from './ImageField';
import type { UploadProgress } from './images';

/** The photos chosen on this device for each condition slot, not uploaded yet. */
export type ChosenConditionPhotos = Partial<Record<ConditionPhotoSlot, File>>;

/**
 * A pre-loved pair's close-ups (sole, heel, box, size tag), each optional and one picture; a
 * photo chosen for a filled slot replaces the stored one. Buyers see only the slots filled.
 */
export function ConditionPhotoFields({
  stored,
  chosen,
  onChosen,
  progress,
  disabled,
}: {
  /** The product's `condition_photos`. */
  stored: string | undefined;
  chosen: ChosenConditionPhotos;
  onChosen: (next: ChosenConditionPhotos) => void;
  progress: ReadonlyMap<File, UploadProgress>;
  disabled: boolean;
}) {
  const existing = readConditionPhotos(stored) ?? {};
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold">
        Condition photos <span className="font-normal text-muted">(pre-loved pairs, optional)</span>
      </legend>
      {CONDITION_PHOTO_SLOTS.map((slot) => {
        const file = chosen[slot.id];
        const fileId = existing[slot.id];
        return (
          <ImageField
            key={slot.id}
            label={slot.label}
            files={file ? [file] : []}
            onFiles={(files) => onChosen({ ...chosen, [slot.id]: files[0] })}
            existing={fileId && !file ? [fileId] : []}
            progress={progress}
            disabled={disabled}
          />
        );
      })}
    </fieldset>
  );
}
