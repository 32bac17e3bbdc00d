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
