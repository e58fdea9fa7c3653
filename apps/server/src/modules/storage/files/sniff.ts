/**
 * A file's type from its first bytes, never from its name: the magic numbers of the formats a
 * shop stores. Unknown content is `application/octet-stream` with no extensions, so a bucket
 * with an allow-list refuses it.
 */
export interface SniffedType {
  mimeType: string;
  /** File extensions this content may carry; the bucket's allow-list is matched against them. */
  extensions: string[];
}

export const SNIFF_BYTES = 64;

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

const startsWith = (b: Buffer, bytes: number[], offset = 0) =>
  b.length >= offset + bytes.length && bytes.every((v, i) => b[offset + i] === v);

export function sniffType(head: Buffer): SniffedType {
  const t = (mimeType: string, ...extensions: string[]): SniffedType => ({ mimeType, extensions });
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return t('image/png', 'png');
  if (startsWith(head, [0xff, 0xd8, 0xff])) return t('image/jpeg', 'jpg', 'jpeg');
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')
    return t('image/gif', 'gif');
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return t('image/webp', 'webp');
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'avif' || brand === 'avis') return t('image/avif', 'avif');
    if (['heic', 'heix', 'mif1', 'msf1'].includes(brand)) return t('image/heic', 'heic');
    if (brand.startsWith('qt')) return t('video/quicktime', 'mov');
    return t('video/mp4', 'mp4', 'm4v');
  }
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return t('application/pdf', 'pdf');
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return t('video/webm', 'webm');
  if (ascii(head, 0, 3) === 'ID3' || startsWith(head, [0xff, 0xfb])) return t('audio/mpeg', 'mp3');
  if (ascii(head, 0, 4) === 'OggS') return t('audio/ogg', 'ogg');
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return t('application/zip', 'zip');
  if (looksLikeText(head)) return t('text/plain', 'txt');
  return t('application/octet-stream');
}

/** Printable UTF-8 without NULs. HTML, SVG and scripts land here: text/plain, never a page. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return !/[\x00-\x08\x0e-\x1f]/.test(head.toString('utf8'));
}

/** Types the preview renders with sharp (docs/protocol.md, addition 7). */
export const PREVIEWABLE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
]);

/** Types a browser may render inline from /view; everything else is served as text/plain. */
export const INLINE_SAFE_TYPES = new Set([
  ...PREVIEWABLE_TYPES,
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/mpeg',
  'audio/ogg',
  'application/pdf',
]);
