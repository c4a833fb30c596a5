import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '@veridocs/shared';

type Module<P> = { default: ComponentType<P> };

export interface LazyScreen<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Fetches the chunk; once it is in, the component renders without suspending. */
  preload: () => Promise<Module<P>>;
}

/**
 * React.lazy that does not suspend when its chunk is already in. A plain lazy component suspends on
 * its first render even then (a settled Promise still calls back later): its Suspense fallback shows,
 * and React holds the content back for up to 300 ms more (its throttle on revealing suspended
 * content). React's lazy accepts any thenable and reads one that calls back at once synchronously.
 *
 * A chunk that fails to download is asked for again a few times (a dropped connection, a restarting
 * server); if it still fails, the render throws and the route's error boundary offers a reload.
 */
export function lazyScreen<P>(loader: () => Promise<Module<P>>): LazyScreen<P> {
  let loaded: Module<P> | undefined;
  // The start-up preload and the render share one download (and its retries).
  let loading: Promise<Module<P>> | undefined;
  const preload = () => {
    loading ??= loadWithRetry(loader).then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Component = lazy(() => {
    const module = loaded;
    if (!module) return preload();
    // Only `then` is read (react's lazyInitializer): the one cast of this module.
    const settled = { then: (resolve: (value: Module<P>) => void) => resolve(module) };
    return settled as unknown as Promise<Module<P>>;
  });
  return { Component, preload };
}
