import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A value already in, as a thenable that answers at once: React.lazy then renders without
 * suspending. (Typed as the Promise lazy() asks for; React only calls `then`.)
 */
const settled = <T>(value: T): Promise<T> =>
  ({
    then: (onFulfilled?: (v: T) => unknown) => settled(onFulfilled ? onFulfilled(value) : value),
  }) as never;

/** The preloads of the parts every server-rendered page may hold (`lazyComponent` `inPages`). */
const pageParts: (() => Promise<unknown>)[] = [];

/**
 * Loads the code of every part of the pages the server renders that is off the first load (the
 * footer, home's lower sections): the server renderer awaits it before rendering.
 */
export const preloadPageParts = (): Promise<unknown> => Promise.all(pageParts.map((p) => p()));

/**
 * A component whose code loads when it first renders (React.lazy), off the first load. Once
 * `preload` has finished, it renders at once without suspending, as the server renderer needs
 * (renderToString waits for nothing). A failed download reaches the nearest error boundary.
 * `inPages`: part of pages the server renders, whose code it loads first (`preloadPageParts`).
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { inPages = false }: { inPages?: boolean } = {},
): { Component: LazyExoticComponent<ComponentType<P>>; preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Component = lazy(() =>
    loaded ? settled({ default: loaded }) : preload().then((c) => ({ default: c })),
  );
  if (inPages) pageParts.push(preload);
  return { Component, preload };
}
