/**
 * Runs `task` once the page has loaded and the browser has a quiet moment, so work that can
 * wait (fetching the code of screens not yet shown) never competes with the first paint.
 * Returns a function that cancels it.
 */
export function whenIdle(task: () => void, options: { afterLoadMs?: number } = {}): () => void {
  const afterLoadMs = options.afterLoadMs ?? 1000
  let timer: ReturnType<typeof setTimeout> | undefined
  let idle: number | undefined
  let cancelled = false
  const schedule = () => {
    timer = setTimeout(() => {
      if (cancelled) return
      // Safari has no requestIdleCallback: a timeout stands in for it there.
      if ('requestIdleCallback' in window)
        idle = window.requestIdleCallback(task, { timeout: 5000 })
      else task()
    }, afterLoadMs)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', schedule)
    if (timer !== undefined) clearTimeout(timer)
    if (idle !== undefined) window.cancelIdleCallback(idle)
  }
}

type QueuedLoad = { load: () => Promise<unknown>; cancelled: boolean }
const loadsWaiting: QueuedLoad[] = []
let loading = false

function loadNext(): void {
  if (loading) return
  const next = loadsWaiting.shift()
  if (!next) return
  loading = true
  const done = () => {
    loading = false
    loadNext()
  }
  whenIdle(
    () => {
      if (next.cancelled) return done()
      next.load().then(done, done)
    },
    { afterLoadMs: 0 },
  )
}

/**
 * Loads code the page may need later (a screen, a menu, the reply box) in the browser's quiet
 * moments, one load at a time across the whole app: each load waits for its own idle callback,
 * the next once the last has arrived and run. Loads started together arrive and run together, a
 * burst of script evaluation that a click lands in: a bare click's open waited 110–160 ms
 * behind eleven chunks of menus and screens (decision 062). `afterLoadMs` as `whenIdle`'s.
 * Returns a function that drops the load if it has not started.
 */
export function loadWhenIdle(
  load: () => Promise<unknown>,
  options: { afterLoadMs?: number } = {},
): () => void {
  const queued: QueuedLoad = {
    // A failed load is tried again by whoever needs the code (lazyComponent forgets it).
    load: () => load().catch(() => {}),
    cancelled: false,
  }
  const cancelWait = whenIdle(() => {
    loadsWaiting.push(queued)
    loadNext()
  }, options)
  return () => {
    queued.cancelled = true
    cancelWait()
  }
}
