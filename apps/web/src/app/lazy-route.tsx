import { type ComponentType, use } from 'react';

export interface LazyRoute {
  (): React.JSX.Element;
  /** Fetches the chunk; once it is in, the route renders without suspending. */
  preload(): Promise<void>;
}

/**
 * A page in a chunk of its own, like React.lazy, except that once its chunk is loaded it renders
 * at once instead of suspending first. main.tsx loads a prerendered page's chunk before it
 * hydrates, so the whole page hydrates in one pass and a click right after load is not lost
 * on a part still waiting for its code.
 */
export function lazyRoute(load: () => Promise<{ default: ComponentType }>): LazyRoute {
  let Page: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Page = module.default;
      },
      (error: unknown) => {
        // A chunk that failed to arrive (a dropped connection) is fetched again on the next try.
        loading = undefined;
        throw error;
      },
    ));
  function Route() {
    if (!Page) use(preload());
    const Loaded = Page!;
    return <Loaded />;
  }
  return Object.assign(Route, { preload });
}
