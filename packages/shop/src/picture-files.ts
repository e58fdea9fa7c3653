import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES } from './constants.js';

/**
 * Whether a chosen file is a picture the shop stores, told from its first bytes (a renamed text
 * file is not a picture whatever its name says), and the reason in plain words when it is not.
 */

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  sig.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The picture format the bytes hold (PNG, JPEG or WebP), or null. Twelve bytes are enough. */
export function pictureFormat(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** How many first bytes `pictureProblem` reads. */
export const PICTURE_HEAD_BYTES = 12;

const TYPES = IMAGE_EXTENSIONS.map((e) => e.toUpperCase())
  .join(', ')
  .replace(/, (\w+)$/, ' or $1');

/**
 * Why a chosen file cannot be a product photo, naming it ("fake.png is not a picture"), or null
 * when it can: its name's type, its size, and what its first bytes are.
 */
export function pictureProblem(file: { name: string; size: number }, head: Uint8Array) {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) {
    return `${file.name} is not a ${TYPES} picture`;
  }
  if (file.size === 0) return `${file.name} is empty`;
  if (file.size > IMAGE_MAX_BYTES) {
    return `${file.name} is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;
  }
  if (!pictureFormat(head)) return `${file.name} is not a picture`;
  return null;
}
