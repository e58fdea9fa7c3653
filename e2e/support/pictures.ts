import type { APIRequestContext } from '@playwright/test';
import { PROJECT_HEADERS } from './shop-api.js';

/** A valid 8x8 PNG (the server and the form sniff file types), in two colours so files differ. */
export const png = (name: string, red = true) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    red
      ? 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGO4o6aGFTEMLQkAF/tKAS/fz4YAAAAASUVORK5CYII='
      : 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGNQTX6NFTEMLQkADGRcwcht3uAAAAAASUVORK5CYII=',
    'base64',
  ),
});

/** Uploads a picture as the caller (the owner) and returns its file id: a product's photo. */
export async function uploadPicture(
  request: APIRequestContext,
  baseURL: string,
  name = 'photo.png',
): Promise<string> {
  const res = await request.post(`${baseURL}/v1/storage/buckets/images/files`, {
    headers: PROJECT_HEADERS,
    multipart: { fileId: 'unique()', file: png(name) },
  });
  if (!res.ok()) throw new Error(`upload ${name}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { $id: string }).$id;
}
