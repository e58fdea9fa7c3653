import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FullPageSpinner } from '../src/components/ui/Spinner';
import { shellLogoSrc } from '../src/config/logo';
import { showShellLogo } from '../src/loader/shell-logo';

/** index.html's static loading screen, with its logo's address as the build fills it in. */
function shellScreen(): string {
  const html = readFileSync(join(import.meta.dirname, '../index.html'), 'utf8');
  const screen = /<!--app-->([\s\S]*)<!--\/app-->/.exec(html)![1]!;
  return screen.replace('%COURTSIDE_LOGO%', shellLogoSrc(import.meta.env));
}

/** The loading screen in the document, its picture loaded (`width` > 0), failed (0) or pending. */
function loadingScreen(state: 'loaded' | 'failed' | 'pending') {
  document.body.innerHTML = `<div id="root">${shellScreen()}</div>`;
  const img = document.querySelector<HTMLImageElement>('[data-shell-logo] img')!;
  Object.defineProperty(img, 'complete', { value: state !== 'pending' });
  Object.defineProperty(img, 'naturalWidth', { value: state === 'loaded' ? 112 : 0 });
  return img;
}

const builtIn = () => document.querySelector('[data-shell-logo] svg');
const picture = () => document.querySelector<HTMLImageElement>('[data-shell-logo] img');

describe("the static loading screen's logo (index.html, before the app)", () => {
  it("asks for the very picture the app's loading screen shows: the uploaded logo", () => {
    const { container } = render(<FullPageSpinner />);
    const app = container.querySelector('img')!.getAttribute('src')!;
    expect(app).toMatch(/\/storage\/buckets\/images\/files\/logo\/preview\?width=112&height=112/);
    loadingScreen('pending');
    expect(picture()!.getAttribute('src')).toBe(app);
  });

  it('follows the build’s settings: another endpoint, project or bucket', () => {
    const src = shellLogoSrc({
      VITE_APPWRITE_ENDPOINT: 'https://api.example.pk/v1',
      VITE_PROJECT_ID: 'shop2',
      VITE_BUCKET_ID: 'pictures',
    });
    expect(src).toMatch(
      /^https:\/\/api\.example\.pk\/v1\/storage\/buckets\/pictures\/files\/logo\//,
    );
    expect(new URL(src).searchParams.get('project')).toBe('shop2');
  });

  it('draws the uploaded logo over the built-in one once it has loaded, in the same box', () => {
    const img = loadingScreen('pending');
    showShellLogo();
    // Until then the built-in one shows and the picture is invisible.
    expect(builtIn()).not.toBeNull();
    expect(img).toHaveClass('opacity-0');
    img.dispatchEvent(new Event('load'));
    expect(img).not.toHaveClass('opacity-0');
    expect(builtIn()).toBeNull();
    expect(img).toHaveAttribute('width', '56');
    expect(img).toHaveAttribute('height', '56');
  });

  it('keeps the built-in logo when there is no uploaded one', () => {
    const img = loadingScreen('pending');
    showShellLogo();
    img.dispatchEvent(new Event('error'));
    expect(picture()).toBeNull();
    expect(builtIn()).not.toBeNull();
  });

  it('reads a picture that settled before the loader ran', () => {
    loadingScreen('loaded');
    showShellLogo();
    expect(picture()).not.toHaveClass('opacity-0');
    expect(builtIn()).toBeNull();
    loadingScreen('failed');
    showShellLogo();
    expect(picture()).toBeNull();
    expect(builtIn()).not.toBeNull();
  });

  it('does nothing on a server-rendered page, which has no loading screen', () => {
    document.body.innerHTML = '<div id="root"><main><img src="/a.webp" alt=""></main></div>';
    expect(() => showShellLogo()).not.toThrow();
    expect(document.querySelector('img')).not.toBeNull();
  });
});
