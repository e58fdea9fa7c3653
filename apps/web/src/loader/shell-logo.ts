/**
 * The static loading screen's logo (index.html, shown until the app takes over): the owner's
 * uploaded `logo` is drawn over the built-in one once it has loaded, as Brand.tsx's `Logo` does,
 * and the built-in one goes; when there is no such file or it cannot be read, the picture goes
 * and the built-in one stays. The box never changes size. Nothing on a server-rendered page.
 */
export function showShellLogo(doc: Document = document): void {
  const box = doc.querySelector('[data-shell-logo]');
  const img = box?.querySelector('img');
  if (!box || !img) return;
  const shown = () => {
    img.classList.remove('opacity-0');
    box.querySelector('svg')?.remove();
  };
  const missing = () => img.remove();
  if (img.complete) return img.naturalWidth > 0 ? shown() : missing();
  img.addEventListener('load', shown, { once: true });
  img.addEventListener('error', missing, { once: true });
}
