import { brandOfLine, type Product } from '@courtside/shop';
import type { Locator, Page } from '@playwright/test';
import { expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, test } from '../support/fixtures.js';
import { listAll } from '../support/shop-api.js';

/*
 * A buyer judging a pair by its photos on a 360 px phone (docs/shop.md §2): swipes the gallery,
 * taps a photo open full screen, zooms in with a double tap, swipes to the next photo, closes it
 * and is back on the gallery; Related Items shows the same line first and never the pair itself.
 */

test.use({ viewport: PHONE_360 });

const KYRIE_7 = 'Nike Kyrie 7 "Bright Crimson"'; // four photos; two other Kyrie pairs in the demo

/** A finger drawn sideways across `target` by `dx` pixels (real touch events, through CDP). */
async function swipe(page: Page, target: Locator, dx: number) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: at === undefined ? [] : [{ x: at, y }],
    });
  await touch('touchStart', x);
  for (let step = 1; step <= 10; step++) await touch('touchMove', x + (dx * step) / 10);
  await touch('touchEnd');
  await cdp.detach();
}

test('photos: swipe, tap to zoom full screen, close; Related Items by line', async ({
  page,
  shop,
}) => {
  const products = await listAll<Product>(page.request, shop.url, 'products');
  const pair = products.find((p) => p.title === KYRIE_7)!;
  const files = [pair.image, ...(JSON.parse(pair.images) as string[])];
  expect(files).toHaveLength(4);
  await page.goto(`/product/${pair.$id}`);
  const dot = (n: number) => page.getByRole('button', { name: `Show picture ${n} of 4` });
  const gallery = page.getByRole('region', { name: `${KYRIE_7} pictures` });
  // The carousel has taken the server's gallery over once it moves the row by a transform.
  await expect(gallery.locator('[style*="translate3d"]')).toHaveCount(1);

  await swipe(page, gallery.getByRole('img', { name: /picture 1 of 4/ }), -200);
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');
  const second = gallery.getByRole('button', { name: 'View picture 2 of 4 full screen' });
  await expect(second).toBeInViewport({ ratio: 0.95 });
  await expectNoSideScroll(page, 'gallery swiped');

  // A tap opens the full-size photo, uncropped, full screen.
  await second.tap();
  const zoom = page.getByRole('dialog');
  const photo = zoom.locator('.yarl__slide_current img');
  await expect(photo).toHaveAttribute('alt', `${KYRIE_7}, picture 2 of 4`);
  await expect(photo).toHaveAttribute(
    'src',
    new RegExp(`/files/${files[1]}/preview\\?width=1600&`),
  );
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900);
  const zoomOut = zoom.getByRole('button', { name: 'Zoom out' });
  await expect(zoomOut).toBeDisabled();
  // A double tap zooms in; the zoom button takes it back out, a stop at a time.
  const box = (await photo.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.touchscreen.tap(centre.x, centre.y);
  await page.touchscreen.tap(centre.x, centre.y);
  await expect(zoomOut).toBeEnabled();
  for (let stop = 0; stop < 4 && (await zoomOut.isEnabled()); stop++) await zoomOut.click();
  await expect(zoomOut).toBeDisabled();
  // A swipe moves to the next photo.
  await swipe(page, photo, -200);
  await expect(photo).toHaveAttribute('alt', `${KYRIE_7}, picture 3 of 4`);
  await expectNoSideScroll(page, 'zoom view');

  await zoom.getByRole('button', { name: 'Close' }).click();
  await expect(zoom).toBeHidden();
  // Back on the gallery, at the photo last seen, with focus on it.
  await expect(dot(3)).toHaveAttribute('aria-current', 'true');
  await expect(
    gallery.getByRole('button', { name: 'View picture 3 of 4 full screen' }),
  ).toBeFocused();

  // Related Items: the other Kyrie pairs first, then the rest of Nike's lines; never this pair.
  const related = page.getByRole('list', { name: 'Related Items' });
  await related.scrollIntoViewIfNeeded();
  await expect(related.getByRole('link').first()).toBeVisible();
  const ids = (await related
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((a) => a.getAttribute('href')!.split('/').pop()!),
    )) as string[];
  expect(ids).not.toContain(pair.$id);
  const lines = ids.map((id) => products.find((p) => p.$id === id)!.category);
  const sameLine = products.filter((p) => p.category === 'kyrie' && p.$id !== pair.$id);
  expect(sameLine.length).toBeGreaterThan(0);
  expect(lines.slice(0, sameLine.length)).toEqual(sameLine.map(() => 'kyrie'));
  const nike = brandOfLine('kyrie')!.lines as readonly string[];
  expect(lines.slice(sameLine.length).every((line) => nike.includes(line))).toBe(true);
});
