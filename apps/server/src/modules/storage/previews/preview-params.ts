import { float, integer, oneOf, optional, readParams, Invalid } from '../../../protocol/params.js';

/** Reference gravity names to sharp's positions. */
export const GRAVITY = {
  center: 'centre',
  'top-left': 'northwest',
  top: 'north',
  'top-right': 'northeast',
  left: 'west',
  right: 'east',
  'bottom-left': 'southwest',
  bottom: 'south',
  'bottom-right': 'southeast',
} as const;
export type Gravity = keyof typeof GRAVITY;

export const OUTPUTS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif'] as const;
export type Output = (typeof OUTPUTS)[number];

/** The reference's largest width and height. */
export const MAX_PREVIEW_SIDE = 4000;

const hex = () => ({
  optional: false,
  parse(value: unknown) {
    if (value === '') return '';
    if (typeof value !== 'string' || !/^([A-Fa-f0-9]{6}|[A-Fa-f0-9]{3})$/.test(value)) {
      throw new Invalid('Value must be a valid hex color code');
    }
    return value.toLowerCase();
  },
});

/** Preview parameters of docs/protocol.md §3.2 (query strings coerced), with their defaults. */
export function previewParams(query: unknown) {
  const p = readParams(query, {
    width: optional(integer(0, MAX_PREVIEW_SIDE), 0),
    height: optional(integer(0, MAX_PREVIEW_SIDE), 0),
    gravity: optional(oneOf(Object.keys(GRAVITY) as Gravity[]), 'center' as Gravity),
    quality: optional(integer(0, 100), 100),
    borderWidth: optional(integer(0, 100), 0),
    borderColor: optional(hex(), ''),
    borderRadius: optional(integer(0, MAX_PREVIEW_SIDE), 0),
    opacity: optional(float(0, 1), 1),
    rotation: optional(integer(-360, 360), 0),
    background: optional(hex(), ''),
    output: optional(oneOf(['', ...OUTPUTS] as const), ''),
  });
  return { ...p, rotation: (p.rotation + 360) % 360 };
}
export type PreviewParams = ReturnType<typeof previewParams>;

export const EXT_OF_TYPE: Record<string, Output> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

export const TYPE_OF: Record<Output, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};
