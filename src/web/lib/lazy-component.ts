import { createElement, lazy, type ComponentType } from 'react'

export type LazyComponent<P extends object = object> = ComponentType<P> & {
  /** Starts loading the component's code (once); a failed load is tried again on the next call. */
  preload: () => Promise<ComponentType<P>>
}

/**
 * A component whose code is its own chunk (a screen outside the first paint, the thread
 * viewer): it loads when first rendered, or earlier through `preload`. Once its code is here it
 * renders at once, without suspending: after a Suspense fallback has shown, React holds the
 * content back for 300 ms, which a preloaded screen or viewer must never pay (decision 036). So
 * every early load (start-up, idle, a hovered link or row) must go through this `preload`;
 * `React.lazy` alone suspends on its first render even when the module is already loaded.
 */
export function lazyComponent<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const preload = () =>
    (loading ??= load().then(
      (Component) => (loaded = Component),
      (error: unknown) => {
        // A failed fetch (a new deploy, a dropped connection) is tried again next time.
        loading = undefined
        throw error
      },
    ))
  const Lazy = lazy(() => preload().then((Component) => ({ default: Component })))
  function Component(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy as ComponentType<P>, props)
  }
  return Object.assign(Component, { preload })
}
