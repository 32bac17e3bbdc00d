/** What every benchmark prints and waits with: one definition of each figure. */

export const ms = (n: number) => `${n.toFixed(0)} ms`

/** The nearest-rank percentile `p` (0–100) of `values`, which need not be sorted. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
    NaN
  )
}

export const median = (values: number[]) => percentile(values, 50)

/** Waits until `url` answers 2xx (a server starting in another process), for up to 2 minutes. */
export async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} did not answer`)
}
