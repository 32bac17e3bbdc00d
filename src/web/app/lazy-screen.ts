import { createElement, lazy, type ComponentType } from 'react'

export type LazyScreen = ComponentType & {
  /** Starts loading the screen's code (once); a failed load is tried again on the next call. */
  preload: () => Promise<ComponentType>
}

/**
 * A screen outside the first paint: its code loads when its route is first visited, or earlier
 * through `preload`. A screen whose code is already here renders at once, without suspending:
 * once a Suspense fallback has shown, React holds the content back for 300 ms, which a first
 * visit to a preloaded screen must never pay (decision 036). So every early load (start-up,
 * idle, a hovered link) must go through this screen's own `preload`.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loaded: ComponentType | undefined
  let loading: Promise<ComponentType> | undefined
  const preload = () =>
    (loading ??= load().then(
      (Screen) => (loaded = Screen),
      (error: unknown) => {
        // A failed fetch (a new deploy, a dropped connection) is tried again next time.
        loading = undefined
        throw error
      },
    ))
  const Lazy = lazy(() => preload().then((Screen) => ({ default: Screen })))
  function Screen() {
    return loaded ? createElement(loaded) : createElement(Lazy)
  }
  return Object.assign(Screen, { preload })
}
