/**
 * A fuzz run's seed: the one in `variable` when set, so a failure seen once (in CI, on a
 * colleague's machine) can be run again exactly, or a new random one. The seed is printed with
 * the line that replays it, and `replay` is there for failure messages, which are what a
 * reader sees first.
 */
export function fuzzSeed(
  variable: string,
  what: string,
): { seed: number; replay: string; announce: () => void } {
  const given = process.env[variable]?.trim()
  const seed = given ? Number(given) : Math.floor(Math.random() * 2 ** 31)
  if (!Number.isSafeInteger(seed)) {
    throw new Error(
      `${variable} must be a whole number (a seed a fuzz run printed), not "${given}"`,
    )
  }
  const replay = `${variable}=${seed}`
  return {
    seed,
    replay,
    announce: () => console.info(`${what}: seed ${seed} (${replay} replays this run)`),
  }
}
