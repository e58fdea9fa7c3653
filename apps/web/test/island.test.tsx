import { act, startTransition, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Island,
  setHydratingServerPage,
  useIslandsOpenOnNavigation,
} from '../src/components/ui/Island';

function Counter() {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      Tapped {n}
    </button>
  );
}

function Page({ at }: { at: string }) {
  useIslandsOpenOnNavigation(at);
  return (
    <main>
      <p>{at}</p>
      <Island offscreen="[--below-fold-height:10rem]">
        <Counter />
      </Island>
    </main>
  );
}

const page = (
  <main>
    <Island>
      <Counter />
    </Island>
    <Island offscreen="[--below-fold-height:10rem]">
      <Counter />
    </Island>
  </main>
);

/** A stand-in IntersectionObserver whose callbacks the test calls. */
function fakeObserver() {
  const seen: { target: Element; call: (visible: boolean) => void }[] = [];
  class Observer {
    constructor(private cb: IntersectionObserverCallback) {}
    observe(target: Element) {
      seen.push({
        target,
        call: (visible) =>
          this.cb(
            [{ isIntersecting: visible, target } as IntersectionObserverEntry],
            this as never,
          ),
      });
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return seen;
}

async function hydrated() {
  const root = document.createElement('div');
  root.innerHTML = renderToString(page);
  document.body.appendChild(root);
  setHydratingServerPage(true);
  await act(async () => {
    hydrateRoot(root, page);
  });
  setHydratingServerPage(false);
  const [near, far] = root.querySelectorAll('button');
  return { root, near: near!, far: far! };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('an island below the first screen', () => {
  it('keeps the server HTML un-hydrated until it comes near the screen', async () => {
    const seen = fakeObserver();
    const { near, far } = await hydrated();
    await act(async () => near.click());
    expect(near.textContent).toBe('Tapped 1');
    // Not yet hydrated: React does not handle the tap.
    await act(async () => far.click());
    expect(far.textContent).toBe('Tapped 0');
    expect(far.closest('.below-fold')).not.toBeNull();

    await act(async () => seen[0]!.call(true));
    await act(async () => far.click());
    expect(far.textContent).toBe('Tapped 1');
  });

  it('is hydrated by a touch, before the tap itself arrives', async () => {
    fakeObserver();
    const { far } = await hydrated();
    await act(async () => {
      far.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    await act(async () => far.click());
    expect(far.textContent).toBe('Tapped 1');
  });

  it('is hydrated at once where the browser cannot tell what is on screen', async () => {
    const { far } = await hydrated();
    await act(async () => far.click());
    expect(far.textContent).toBe('Tapped 1');
  });

  it('is hydrated when the visitor moves on, without holding the navigation back', async () => {
    fakeObserver();
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Page at="home" />);
    document.body.appendChild(root);
    setHydratingServerPage(true);
    let app!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      app = hydrateRoot(root, <Page at="home" />);
    });
    setHydratingServerPage(false);
    // A navigation is a transition: a waiting island would hold it back until it was opened.
    await act(async () => startTransition(() => app.render(<Page at="product" />)));
    expect(root.querySelector('p')?.textContent).toBe('product');
    const button = root.querySelector('button')!;
    await act(async () => button.click());
    expect(button.textContent).toBe('Tapped 1');
  });
});
