import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The narrowest phone the shop is built for; the journeys of checkout, account and dashboard run at it. */
export const PHONE_360 = { width: 360, height: 800 } as const;

/**
 * The page does not scroll sideways. Measured against the layout viewport (clientWidth): in
 * mobile emulation a too-wide page also widens `innerWidth`, which would hide the overflow.
 */
export async function expectNoSideScroll(page: Page, label: string): Promise<void> {
  const m = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    innerWidth: window.innerWidth,
  }));
  const width = page.viewportSize()?.width ?? m.clientWidth;
  expect(m.clientWidth, `${label}: layout viewport ${JSON.stringify(m)}`).toBe(width);
  expect(m.scrollWidth, `${label} scrolls sideways: ${JSON.stringify(m)}`).toBeLessThanOrEqual(
    m.clientWidth,
  );
}

/** axe finds nothing serious or critical on the page as it is now. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  // Toasts are left out: one coming in or going out (their timers run out during the check) is
  // drawn half transparent, which axe reads as text of too little contrast. Their look is
  // checked on its own (storefront.spec.ts, the brand look).
  const results = await new AxeBuilder({ page }).exclude('.Toastify').analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${label}: ${serious.join('\n')}`).toEqual([]);
}
