import {
  isValidElement,
  memo,
  Suspense,
  use,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** Set while React hydrates the server's page in its first pass (app/boot.tsx). */
let hydratingServerPage = false;

/** Marks the start and the end of the first hydration pass; islands made in it may wait. */
export function setHydratingServerPage(on: boolean): void {
  hydratingServerPage = on;
}

interface Gate {
  promise: Promise<void>;
  open: () => void;
}

/** The gates of islands still waiting to be hydrated. */
const waiting = new Set<Gate>();

function closedGate(): Gate {
  let resolve!: () => void;
  const gate: Gate = {
    promise: new Promise<void>((r) => (resolve = r)),
    open: () => {
      // Marked the way React marks a settled promise, so `use` reads it at once (same render).
      Object.assign(gate.promise, { status: 'fulfilled', value: undefined });
      waiting.delete(gate);
      resolve();
    },
  };
  waiting.add(gate);
  return gate;
}

/** Suspends until `gate` opens: React keeps the server's HTML of the island until then. */
function WhenOpen({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  if (gate) use(gate.promise);
  return children;
}

/**
 * Opens every waiting island once the visitor moves to another page (`location`: the router's
 * location key; call it in the shell, above the islands). A waiting island that a navigation
 * re-renders (its links follow the location) would otherwise hold the navigation back until it
 * came on screen.
 */
export function useIslandsOpenOnNavigation(location: string): void {
  const [first] = useState(location);
  // During render, on purpose: the islands below must find their gates open in this same pass.
  if (location !== first) for (const gate of [...waiting]) gate.open();
}

/** How far ahead of the screen a waiting island is hydrated, so it is ready when it arrives. */
const AHEAD = '600px 0px';

/**
 * A part of a server-rendered page that the app takes over on its own turn. React hydrates the
 * page's frame (as a transition, app/boot.tsx), then each island separately, all in short
 * slices, yielding to the browser between them, so a phone's main thread is never blocked for the
 * whole page at once. Outside hydration an island costs nothing (nothing inside suspends).
 *
 * `offscreen`: the island is below a phone's first screen. The browser skips its layout and
 * paint until it is scrolled near (`below-fold` in styles.css), while it stays in the document
 * for crawlers, link previews and screen readers; on a server-rendered page it is also hydrated
 * only when it comes within 600 px of the screen or is touched or focused (its links work as
 * plain links before then). The value is the island's usual height by screen width, as classes
 * setting `--below-fold-height`, so the page's length is right before then.
 *
 * The island re-renders only when its content changes (same component, equal props), so a
 * waiting island is not disturbed by its page re-rendering.
 */
export const Island = memo(function Island({
  children,
  offscreen,
}: {
  children: ReactNode;
  offscreen?: string;
}) {
  const [gate] = useState(() =>
    offscreen && hydratingServerPage && typeof IntersectionObserver === 'function'
      ? closedGate()
      : null,
  );
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const at = frame.current;
    if (!gate || !at) return;
    // A button tapped before the app had loaded is tapped again by the loader: be ready for it.
    if (at.querySelector('[aria-busy="true"]')) gate.open();
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) gate.open();
      },
      { rootMargin: AHEAD },
    );
    seen.observe(at);
    // On the document, ahead of React's own listener (which stops an event aimed at a part it
    // cannot hydrate yet).
    const doc = at.ownerDocument;
    const touched = (event: Event) => {
      if (event.target instanceof Node && at.contains(event.target)) gate.open();
    };
    const events = ['pointerdown', 'touchstart', 'focusin'] as const;
    for (const type of events)
      doc.addEventListener(type, touched, { capture: true, passive: true });
    const stop = () => {
      seen.disconnect();
      for (const type of events) doc.removeEventListener(type, touched, { capture: true });
    };
    void gate.promise.then(stop);
    return stop;
  }, [gate]);
  const content = (
    <Suspense fallback={null}>
      <WhenOpen gate={gate}>{children}</WhenOpen>
    </Suspense>
  );
  return offscreen ? (
    <div ref={frame} className={`below-fold ${offscreen}`}>
      {content}
    </div>
  ) : (
    content
  );
}, sameIsland);

function sameIsland(
  a: { children: ReactNode; offscreen?: string },
  b: { children: ReactNode; offscreen?: string },
): boolean {
  if (a.offscreen !== b.offscreen) return false;
  if (a.children === b.children) return true;
  if (!isValidElement(a.children) || !isValidElement(b.children)) return false;
  if (a.children.type !== b.children.type || a.children.key !== b.children.key) return false;
  const pa = a.children.props as Record<string, unknown>;
  const pb = b.children.props as Record<string, unknown>;
  const keys = Object.keys(pa);
  return keys.length === Object.keys(pb).length && keys.every((k) => Object.is(pa[k], pb[k]));
}

/**
 * Usual heights of the shop's sections below the first screen (measured at 360-1440 px), for
 * `Island offscreen`.
 */
export const SECTION_HEIGHTS = {
  carousel:
    '[--below-fold-height:22rem] sm:[--below-fold-height:25rem] lg:[--below-fold-height:26rem]',
  brands:
    '[--below-fold-height:10rem] sm:[--below-fold-height:12rem] lg:[--below-fold-height:13rem]',
  promo:
    '[--below-fold-height:11rem] sm:[--below-fold-height:14rem] lg:[--below-fold-height:26rem]',
  highlights:
    '[--below-fold-height:18rem] sm:[--below-fold-height:9rem] lg:[--below-fold-height:5rem]',
  footer:
    '[--below-fold-height:62.5rem] sm:[--below-fold-height:38rem] lg:[--below-fold-height:21rem]',
} as const;
