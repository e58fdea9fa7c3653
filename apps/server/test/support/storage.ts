import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { sdkUser, type SdkUser } from './sdk.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

export const BUCKET = 'images';
export const ADMIN = { email: 'owner@courtside.test', password: 'owner-password-1' };

/** A test server whose configured owner holds the admin label. */
export function startStorageServer(options: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer({
    ...options,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...options.env },
  });
}

export async function adminUser(server: Pick<TestServer, 'endpoint'>): Promise<SdkUser> {
  const admin = sdkUser(server);
  await admin.account.createEmailSession(ADMIN.email, ADMIN.password);
  return admin;
}

/** An image made in code: a gradient-ish block of the given size and format. */
export async function imageBytes(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' = 'png',
): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .composite([
      {
        input: await sharp({
          create: { width: Math.ceil(width / 2), height, channels: 3, background: '#1040c0' },
        })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .toFormat(format)
    .toBuffer();
}

/** A valid PNG of pure noise (incompressible), about width*height*3 bytes. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const fileOf = (bytes: Buffer, name: string, type = '') =>
  new File([new Uint8Array(bytes)], name, { type });

/** Fetches a URL the SDK built (view, download, preview) as this user's browser would. */
export async function fetchAs(user: SdkUser | null, url: URL | string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  const fallback = user?.client.jar.get('cookieFallback');
  if (fallback) headers.set('X-Fallback-Cookies', fallback);
  const res = await fetch(url, { ...init, headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}
