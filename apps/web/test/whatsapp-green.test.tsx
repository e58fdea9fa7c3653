import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThanksPage } from '../src/features/checkout/ThanksPage';
import { FloatingLinks } from '../src/features/shell/FloatingLinks';
import { WhatsAppButton } from '../src/components/ui/WhatsAppButton';
import { kobe } from './account-fixtures';
import { renderPage } from './render';
import { contrastWithWhite } from './support/contrast';

const theme = readFileSync(join(import.meta.dirname, '../src/styles.css'), 'utf8');
const themeColour = (name: string) =>
  new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(theme)?.[1];

/** Every WhatsApp link on the screen wears the theme's one green, hover included. */
function expectWhatsAppGreen() {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href^="https://wa.me/"]')];
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    expect(link, link.textContent ?? '').toHaveClass('bg-whatsapp', 'hover:bg-whatsapp-dark');
    expect(link.className).not.toMatch(/\[#/);
  }
}

describe('one WhatsApp green', () => {
  it('is a theme colour white text reads on, plain and hovered', () => {
    expect(themeColour('whatsapp')).toBe('#15803d');
    expect(themeColour('whatsapp-dark')).toBe('#166534');
    expect(contrastWithWhite(themeColour('whatsapp')!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite(themeColour('whatsapp-dark')!)).toBeGreaterThanOrEqual(4.5);
  });

  it('on the floating chat button', () => {
    renderPage(<FloatingLinks />);
    expect(screen.getByRole('link', { name: 'Chat on WhatsApp' })).toBeInTheDocument();
    expectWhatsAppGreen();
  });

  it("on the confirmation's Send order on WhatsApp, as on every WhatsApp button", () => {
    const order = {
      order_number: 'a1b2c3',
      price: 21500,
      payment_type: 'COD',
      products: [JSON.stringify([{ ...kobe, quantity: 1 }])],
    };
    renderPage(<ThanksPage />, { path: '/thanks-for-shopping', state: { order } });
    expect(screen.getByRole('link', { name: 'Send order on WhatsApp' })).toBeInTheDocument();
    expectWhatsAppGreen();
  });

  it('on the shared button the product page, cart and dashboard use', () => {
    renderPage(<WhatsAppButton href="https://wa.me/923001234567">Ask on WhatsApp</WhatsAppButton>);
    expectWhatsAppGreen();
  });
});
