/**
 * A pair's condition (docs/shop.md §3: a number out of 10) read as a grade, each with its one
 * colour, used by every place that shows a condition: product cards, the product page's condition
 * card and the listing's condition filter. Every colour carries white text at 4.5:1 or more.
 */

export type ConditionGradeId = 'new' | 'like-new' | 'excellent' | 'good' | 'fair';

export interface ConditionGrade {
  id: ConditionGradeId;
  label: string;
  /** The lowest condition out of 10 in this grade. */
  min: number;
  /** Background of the grade's badge and dot (white text on it). */
  colour: string;
}

/** Best first; a condition belongs to the first grade whose `min` it reaches. */
export const CONDITION_GRADES: readonly ConditionGrade[] = Object.freeze([
  { id: 'new', label: 'New', min: 10, colour: '#047857' },
  { id: 'like-new', label: 'Like new', min: 9, colour: '#0f766e' },
  { id: 'excellent', label: 'Excellent', min: 8, colour: '#1d4ed8' },
  { id: 'good', label: 'Good', min: 7, colour: '#a16207' },
  { id: 'fair', label: 'Fair', min: 0, colour: '#475569' },
]);

/** The grade of a condition out of 10 (anything below 0 or unreadable reads as the lowest). */
export function conditionGrade(condition: number): ConditionGrade {
  const grade = CONDITION_GRADES.find((g) => condition >= g.min);
  return grade ?? CONDITION_GRADES[CONDITION_GRADES.length - 1]!;
}

/** A pre-loved pair: one worn before, graded below new. */
export const isPreLoved = (condition: number): boolean => conditionGrade(condition).id !== 'new';

/** The photos of a pre-loved pair's condition the owner adds, in the order the card shows them. */
export const CONDITION_PHOTO_SLOTS = Object.freeze([
  { id: 'sole', label: 'Sole' },
  { id: 'heel', label: 'Heel' },
  { id: 'box', label: 'Box' },
  { id: 'tag', label: 'Size tag' },
] as const);

export type ConditionPhotoSlot = (typeof CONDITION_PHOTO_SLOTS)[number]['id'];
/** `condition_photos` read: the file id of each slot the owner filled. */
export type ConditionPhotos = Partial<Record<ConditionPhotoSlot, string>>;

const SLOT_IDS: readonly string[] = CONDITION_PHOTO_SLOTS.map((s) => s.id);

/**
 * `condition_photos` (a JSON object of slot to file id) read, or null when it is not one: a key
 * that is no slot, or a value that is not a file id, makes the whole value unreadable (a write
 * refuses it). An empty value is no photos.
 */
export function readConditionPhotos(value: unknown): ConditionPhotos | null {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const entries = Object.entries(parsed);
  const fine = entries.every(
    ([slot, id]) =>
      SLOT_IDS.includes(slot) && typeof id === 'string' && /^[A-Za-z0-9][\w.-]{0,35}$/.test(id),
  );
  return fine ? (Object.fromEntries(entries) as ConditionPhotos) : null;
}

/** The filled slots in the card's order, each with its file id; what cannot be read, none. */
export function conditionPhotoList(value: unknown) {
  const photos = readConditionPhotos(value) ?? {};
  return CONDITION_PHOTO_SLOTS.flatMap((slot) => {
    const fileId = photos[slot.id];
    return fileId ? [{ ...slot, fileId }] : [];
  });
}

/** What the shop checks on every pre-loved pair before listing it, shown on its condition card. */
export const CONDITION_CHECKS: readonly string[] = Object.freeze([
  'Original: label, stitching and box checked',
  'Sole and grip: wear measured, no splits',
  'Upper and heel: no tears, creases noted',
  'Cleaned inside and out',
]);
