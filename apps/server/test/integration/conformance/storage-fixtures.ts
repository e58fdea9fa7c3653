import { createHash, randomBytes } from 'node:crypto';
import { AppwriteException } from 'appwrite';
import { AppwriteException as ServerSdkException } from 'node-appwrite';
import sharp from 'sharp';
import { fetchAs, imageBytes, noisePng } from '../../support/storage.js';
import type { SdkUser } from '../../support/sdk.js';

/**
 * The files of Appwrite's tests/resources, made in code: logo.png, a second picture (kitten-2),
 * a PNG over the 2 MB bucket (kitten-1), a GIF the bucket does not allow (kitten-3) and
 * large-file.mp4 (an MP4 header, then bytes: three 5 MiB chunks from the SDK).
 */
export const LOGO = await imageBytes(400, 200, 'png');
export const KITTEN_2 = await imageBytes(420, 210, 'png');
export const KITTEN_1 = await noisePng(900, 900); // about 2.4 MB
export const KITTEN_3 = await imageBytes(16, 16, 'gif');
export const KITTEN_WEBP = await imageBytes(420, 210, 'webp');
export const LARGE = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  randomBytes(11 * 1024 * 1024),
]);

export const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** What a preview is: its type, its size and format as decoded. */
export async function previewOf(user: SdkUser | null, url: URL) {
  const { res, bytes } = await fetchAs(user, url);
  const meta = res.ok ? await sharp(bytes).metadata() : null;
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    format: meta?.format,
    size: meta ? `${meta.width}x${meta.height}` : null,
    bytes,
  };
}

/** Each call's outcome, `ok` or `<code> <type>`: a row of permission checks in one line. */
export async function outcomes(calls: (() => Promise<unknown>)[]): Promise<string[]> {
  const out: string[] = [];
  for (const call of calls) {
    try {
      await call();
      out.push('ok');
    } catch (e) {
      if (!(e instanceof AppwriteException || e instanceof ServerSdkException)) throw e;
      const { code, type } = e as AppwriteException;
      out.push(`${code} ${type}`);
    }
  }
  return out;
}

/** The HTTP status of fetching each SDK-made URL (preview, download, view) as `user`. */
export async function statuses(user: SdkUser | null, urls: URL[]): Promise<number[]> {
  const out: number[] = [];
  for (const url of urls) out.push((await fetchAs(user, url)).res.status);
  return out;
}
