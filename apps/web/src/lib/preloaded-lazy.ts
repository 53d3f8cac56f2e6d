import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's (any props)
type AnyComponent = ComponentType<any>;

export type PreloadedLazy<T extends AnyComponent = ComponentType> = LazyExoticComponent<T> & {
  /** Loads the module now; the first render after it has loaded does not suspend. */
  preload: () => Promise<unknown>;
  /** Whether the module has loaded (a render now does not suspend). */
  isLoaded: () => boolean;
};

/**
 * `React.lazy` whose module can be loaded ahead. Once loaded, the first render reads it at once (a thenable that
 * answers synchronously) instead of suspending: every suspension commits a fallback, and React 19 holds the next
 * reveal until 300 ms after the latest fallback, so a chain of lazy screens that were already loaded cost up to that
 * much each (the home page's LCP waited twice on it).
 */
export function preloadedLazy<T extends AnyComponent>(load: () => Promise<{ default: T }>): PreloadedLazy<T> {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const preload = () => {
    loading ??= load().then((m) => {
      loaded = m;
      return m;
    });
    return loading;
  };
  const Component = lazy(() => {
    const ready = loaded;
    if (!ready) return preload();
    // biome-ignore lint/suspicious/noThenProperty: a thenable that answers at once is the point (React.lazy reads it synchronously)
    return { then: (done: (m: { default: T }) => void) => done(ready) } as unknown as Promise<{ default: T }>;
  });
  return Object.assign(Component, { preload, isLoaded: () => loaded !== undefined });
}

/** Whether a page made by `preloadedLazy` has loaded (other lazy pages: never known, so no). */
export function isPageLoaded(page: LazyExoticComponent<ComponentType>): boolean {
  return (page as Partial<PreloadedLazy>).isLoaded?.() ?? false;
}

/** Loads a page ahead when it was made by `preloadedLazy` (other lazy pages load when rendered). */
export function preloadPage(page: LazyExoticComponent<ComponentType>): Promise<unknown> {
  const { preload } = page as Partial<PreloadedLazy>;
  return preload ? preload() : Promise.resolve();
}
