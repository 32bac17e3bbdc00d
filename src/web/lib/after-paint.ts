import { useEffect, useState } from 'react'

/**
 * Runs `task` once the frame being prepared has been painted; returns a function that cancels
 * it. For work that lays the page out (moving focus) and so, done in the render's own effects,
 * would hold that first paint back (decision 036).
 */
export function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  // The frame callback runs just before the paint; a task queued from it, just after.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/**
 * False in a component's first render, true from the render that follows its first painted
 * frame: for what the first paint can do without (the rows beyond the view), so the first frame shows the rest sooner (decision 061).
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => afterPaint(() => setPainted(true)), [])
  return painted
}
