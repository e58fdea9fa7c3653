import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations, expectNoSideScroll, PHONE_360 } from '../support/checks.js';
import { expect, SERVER_START_TIMEOUT, test } from '../support/fixtures.js';
import { logIn } from '../support/people.js';
import { ADMIN, startShopServer } from '../support/server.js';

/**
 * The owner arranges the storefront's content in /dashboard/content (docs/shop.md, Storefront
 * content): a new banner slide, uploaded with its heading, text, button and link, shows in the
 * preview at a phone's and a desktop's width, and once saved shoppers see it first on the home
 * page, in the HTML the server renders too, without a restart. A shop of its own, so the other
 * journeys keep the demo shop's banner. At 360 px, and at 1280 px (@desktop).
 */

/** A valid 8x8 orange PNG (the server sniffs file types). */
const SLIDE_PNG = {
  name: 'eid-drop.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGO4o6aGFTEMLQkAF/tKAS/fz4YAAAAASUVORK5CYII=',
    'base64',
  ),
};
const HEADING = 'Eid drop: 12 new pairs';
const TEXT = 'Kobe, KD and Kyrie, checked pair by pair.';
const BUTTON = 'See the drop';

async function addSlide(owner: Page): Promise<void> {
  await owner.goto('/dashboard');
  await owner
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Storefront' })
    .click();
  await expect(owner).toHaveURL(/\/dashboard\/content$/);
  await expect(owner.getByRole('heading', { level: 1, name: 'Storefront content' })).toBeVisible();
  await owner.getByRole('button', { name: 'Add a slide' }).click();
  const slide = owner.getByRole('group', { name: 'Slide 6' });
  await slide.getByLabel('Slide 6 picture').setInputFiles(SLIDE_PNG);
  await expect(slide.getByText('Choose another picture')).toBeVisible();
  await slide.getByLabel('Heading').fill(HEADING);
  await slide.getByLabel('Text').fill(TEXT);
  await slide.getByLabel('Button').fill(BUTTON);
  // A link that is neither a shop path nor a web address is refused, naming the field.
  await slide.getByLabel('Link').fill('brand/nike');
  await owner.getByRole('button', { name: 'Save content' }).click();
  await expect(owner.getByRole('alert')).toHaveText(
    'Slide 6: link must be a shop path like /shop, or a web address starting with https://',
  );
  await slide.getByLabel('Link').fill('/brand/nike');
  // First in the banner.
  for (let n = 6; n > 1; n--)
    await owner.getByRole('button', { name: `Move slide ${n} up` }).click();
  await expect(owner.getByRole('group', { name: 'Slide 1' }).getByLabel('Heading')).toHaveValue(
    HEADING,
  );
}

async function seeItInThePreview(owner: Page): Promise<void> {
  const phone = owner.frameLocator('iframe[title="Home page preview, Phone width"]');
  await expect(phone.getByRole('link', { name: `${BUTTON}: ${HEADING}` })).toBeVisible();
  // The slide's text shows on wider screens only: the desktop preview has it.
  await expect(phone.getByText(TEXT)).toBeHidden();
  await owner.getByRole('button', { name: 'Desktop · 1280 px' }).click();
  const desktop = owner.frameLocator('iframe[title="Home page preview, Desktop width"]');
  await expect(desktop.getByText(TEXT)).toBeVisible();
  await expect(desktop.getByRole('link', { name: `${BUTTON}: ${HEADING}` })).toBeVisible();
}

async function journey(browser: Browser, viewport: { width: number; height: number }) {
  test.setTimeout(SERVER_START_TIMEOUT + 120_000);
  const own = await startShopServer({ SEED_DEMO: 'on' });
  try {
    const owner = await (await browser.newContext({ baseURL: own.url, viewport })).newPage();
    await logIn(owner, ADMIN.email, ADMIN.password);
    await addSlide(owner);
    await seeItInThePreview(owner);
    await owner.getByRole('button', { name: 'Save content' }).click();
    await expect(
      owner.getByText('Content saved: shoppers see it on the home page now'),
    ).toBeVisible();
    await expectNoSideScroll(owner, 'content');
    await expectNoSeriousViolations(owner, `content at ${viewport.width} px`);
    await owner.screenshot({
      path: test.info().outputPath('dashboard-content.png'),
      fullPage: true,
    });

    // The server-rendered home page has it first, its picture preloaded.
    const html = await (await owner.request.get(`${own.url}/`)).text();
    const rendered = html.slice(html.indexOf('id="root"'));
    expect(rendered).toContain(HEADING);
    const file = /files\/([^/]+)\/preview/.exec(
      /<link rel="preload" as="image" href="([^"]+)"/.exec(html)?.[1] ?? '',
    )?.[1];
    expect(file).toBeTruthy();
    expect(file).not.toBe('banner-1');
    expect(rendered).toContain(`files/${file}/preview`);

    // A shopper sees it, and its button leads where the owner said.
    const shopper = await (await browser.newContext({ baseURL: own.url, viewport })).newPage();
    const asked: string[] = [];
    shopper.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await shopper.goto('/');
    const carousel = shopper.getByRole('region', { name: 'Highlights' });
    await expect(carousel.getByRole('link', { name: `${BUTTON}: ${HEADING}` })).toBeVisible();
    await expect(carousel.getByRole('button', { name: 'Show slide 1 of 6' })).toBeVisible();
    await shopper.screenshot({ path: test.info().outputPath('home.png') });
    // The page carried the content: the app asked for none of it.
    expect(asked.filter((path) => path.endsWith('/shop/content'))).toEqual([]);
    // The banner turns every 4 seconds: back to the first slide (which pauses it), then its button.
    await carousel.getByRole('button', { name: 'Show slide 1 of 6' }).click();
    await carousel.getByRole('link', { name: `${BUTTON}: ${HEADING}` }).click();
    await expect(shopper).toHaveURL(/\/brand\/nike$/);
  } finally {
    await own.stop();
  }
}

test('the owner adds a banner slide, sees it in the preview, and shoppers see it on the home page', async ({
  browser,
}) => journey(browser, PHONE_360));

test('the owner adds a banner slide at desktop width @desktop', async ({ browser }) =>
  journey(browser, { width: 1280, height: 800 }));
