import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A value already in, as a thenable that answers at once: React.lazy then renders without
 * suspending. (Typed as the Promise lazy() asks for; React only calls `then`.)
 */
const settled = <T>(value: T): Promise<T> =>
  ({
    then: (onFulfilled?: (v: T) => unknown) => settled(onFulfilled ? onFulfilled(value) : value),
  }) as never;

/**
 * A component whose code loads when it first renders (React.lazy), off the first load. Once
 * `preload` has finished, it renders at once without suspending, as the server renderer needs
 * (renderToString waits for nothing). A failed download reaches the nearest error boundary.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Component: LazyExoticComponent<ComponentType<P>>; preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Component = lazy(() =>
    loaded ? settled({ default: loaded }) : preload().then((c) => ({ default: c })),
  );
  return { Component, preload };
}
