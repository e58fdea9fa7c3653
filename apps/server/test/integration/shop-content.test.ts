import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_PATH,
  DEFAULT_CONTENT,
  SHOP_SETTINGS_ID,
  type BannerSlide,
  type ShopContent,
} from '@courtside/shop';
import { SHOP_CONTENT_ID } from '@courtside/shop/web-page';
import { renderedPagesVersion } from '../../src/web/mount.js';
import { expectError } from '../support/expect-error.js';
import { denied, ids, png, saveSettings, shopWorld, type ShopWorld } from '../support/shop.js';

/**
 * The storefront's content (the banner's slides, the promo, the logo and size chart) is saved by
 * the owner in the settings document: anyone reads it at /v1/shop/content, every page's head
 * carries it (and the home page preloads the first slide shown), on every server process, from
 * the next page on; a wrong field is refused in its words, with nothing saved.
 */

let w: ShopWorld;
let webDir: string;
const settings = [ids.database, ids.settings] as const;
const SHELL =
  '<!doctype html><html><head><title>Shop</title></head><body><div id="root"><!--app--><span>Loading</span><!--/app--></div></body></html>';

const content = (origin = w.server.endpoint) =>
  fetch(`${origin}${CONTENT_PATH}`, { headers: { 'x-appwrite-project': 'courtside' } }).then(
    (r) => r.json() as Promise<ShopContent>,
  );
const home = async (origin: string) =>
  (await fetch(`${origin}/`, { headers: { accept: 'text/html' } })).text();
/** The content a page's head carries. */
const inHead = (page: string) => {
  const json = new RegExp(
    `<script type="application/json" id="${SHOP_CONTENT_ID}">(.*?)</script>`,
  ).exec(page)?.[1];
  return JSON.parse(json ?? 'null') as ShopContent;
};
const upload = async (file = png()) =>
  (await w.admin.storage.createFile(ids.bucket, ID.unique(), file)).$id;
const invalid = (message: string | RegExp) => ({
  code: 400,
  type: 'document_invalid_structure',
  message,
});

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'courtside-web-'));
  writeFileSync(join(webDir, 'index.html'), SHELL);
  w = await shopWorld({ env: { WEB_DIR: webDir } });
  // The seed's pictures the defaults name, as the demo seed makes them.
  for (const file of [
    DEFAULT_CONTENT.slides.map((s) => s.file),
    DEFAULT_CONTENT.promo.file,
    DEFAULT_CONTENT.logo,
    DEFAULT_CONTENT.size_chart,
  ].flat()) {
    await w.admin.storage.createFile(ids.bucket, file, png(`${file}.png`));
  }
});
afterAll(async () => {
  await w.server.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe("the storefront's content", () => {
  it('is the defaults until the owner saves it, for anyone to read, in every page', async () => {
    expect(await content()).toEqual(DEFAULT_CONTENT);
    const page = await home(w.server.origin);
    expect(inHead(page)).toEqual(DEFAULT_CONTENT);
    expect(page).toMatch(/<link rel="preload" as="image" href="[^"]*files\/banner-1\/preview/);
  });

  it('a new first slide the owner saves is on the home page at once, on every server process', async () => {
    const twin = await w.server.twin();
    try {
      const version = renderedPagesVersion(w.server.app.databases, ids)!;
      const before = await version();
      const file = await upload(png('new-slide.png'));
      const slide: BannerSlide = {
        file,
        title: '  Eid drop  ',
        text: 'Twelve pairs, checked.',
        cta: 'Shop the drop',
        link: '/shop',
        on: true,
      };
      const off = { ...DEFAULT_CONTENT.slides[0]!, on: false };
      const saved = {
        ...DEFAULT_CONTENT,
        slides: [off, slide, ...DEFAULT_CONTENT.slides.slice(1)],
      };
      await saveSettings(w, { content: JSON.stringify(saved) });

      const want = {
        ...saved,
        slides: [off, { ...slide, title: 'Eid drop' }, ...saved.slides.slice(2)],
      };
      expect(await content()).toEqual(want);
      expect(await version()).toBeGreaterThan(before);
      for (const origin of [w.server.origin, twin.origin]) {
        const page = await home(origin);
        expect(inHead(page).slides[1]).toMatchObject({ title: 'Eid drop', cta: 'Shop the drop' });
        // The first slide shown is the hidden one's next: its picture is the one preloaded.
        expect(page).toContain(`files/${file}/preview`);
        expect(page).not.toMatch(/rel="preload"[^>]*files\/banner-1\//);
      }
    } finally {
      await twin.close();
    }
  });

  it("deletes the pictures it no longer names once saved, and keeps the seed's", async () => {
    const now = await content();
    const uploaded = now.slides[1]!.file;
    const chart = await upload(png('chart.png'));
    const slides = now.slides.filter((s) => s.file !== uploaded && s.file !== 'banner-2');
    await saveSettings(w, { content: JSON.stringify({ ...now, slides, size_chart: chart }) });
    await w.server.app.shop?.idle();
    const file = (id: string) =>
      w.admin.storage.getFile(ids.bucket, id).then(
        (f) => f.$id,
        () => null,
      );
    expect(await file(uploaded)).toBeNull();
    expect(await file('banner-2')).toBe('banner-2');
    expect(await file('size-chart')).toBe('size-chart');
    expect(await file(chart)).toBe(chart);
    // Back as it was, the saved slide's picture uploaded anew.
    const again = await upload(png('again.png'));
    await saveSettings(w, {
      content: JSON.stringify({
        ...now,
        slides: now.slides.map((s, i) => (i === 1 ? { ...s, file: again } : s)),
      }),
    });
  });

  it('refuses a wrong field in its words, and saves nothing of that change', async () => {
    const now = await content();
    const slide = now.slides[1]!;
    const withSlide = (s: Partial<BannerSlide>) =>
      JSON.stringify({ ...now, slides: [{ ...slide, ...s }] });
    const cases: [string, string | RegExp][] = [
      ['not json', 'The content must be JSON text'],
      [
        withSlide({ link: 'javascript:alert(1)' }),
        /^Slide 1: link must be a shop path like \/shop/,
      ],
      [withSlide({ link: 'http://example.com' }), /^Slide 1: link must be a shop path/],
      [withSlide({ title: 'x'.repeat(61) }), 'Slide 1: heading must be at most 60 characters'],
      [withSlide({ title: ' ' }), 'Slide 1: heading is required'],
      [withSlide({ cta: '' }), 'Slide 1: button is required'],
      [withSlide({ file: '' }), 'Slide 1: choose a picture'],
      [withSlide({ on: false }), 'At least one slide must be shown'],
      [withSlide({ file: 'no-such-file' }), 'Slide 1: the picture was not found; upload it again'],
      [JSON.stringify({ ...now, slides: Array(9).fill(slide) }), 'At most 8 slides'],
      [
        JSON.stringify({ ...now, promo: { ...now.promo, title: '' } }),
        'Promo: heading is required',
      ],
      [
        JSON.stringify({ ...now, logo: 'no-such-logo' }),
        'Logo: the picture was not found; upload it again',
      ],
    ];
    for (const [value, message] of cases) {
      await expectError(
        w.admin.databases.updateDocument(...settings, SHOP_SETTINGS_ID, {
          tagline: 'Half saved?',
          content: value,
        }),
        invalid(message),
      );
    }
    expect(await content()).toEqual(now);
  });

  it('takes only pictures: a file that is not one is refused at upload, whatever its name', async () => {
    const text = new File(['not a picture at all'], 'slide.png', { type: 'image/png' });
    await expectError(w.admin.storage.createFile(ids.bucket, ID.unique(), text), {
      code: 400,
      type: 'storage_file_type_unsupported',
    });
  });

  it('is the owner\u2019s to change: a customer cannot', async () => {
    await expectError(
      w.alice.databases.updateDocument(...settings, SHOP_SETTINGS_ID, {
        content: JSON.stringify(DEFAULT_CONTENT),
      }),
      denied,
    );
  });
});
