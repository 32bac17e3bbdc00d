/** The seeded random stream behind the demo mailbox: same seed, same draws, no Math.random. */
export type Rng = ReturnType<typeof createRng>

/** mulberry32: tiny, fast and plenty for demo data. */
export function createRng(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  }
}

/** FNV-1a, to turn an account's address into a seed. */
export function hashString(value: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** Draws items in a shuffled order, reshuffling once all have been used. */
export function deck<T>(rng: Rng, items: readonly T[]): () => T {
  let pile: T[] = []
  return () => {
    if (pile.length === 0) pile = shuffle(rng, [...items])
    return pile.pop()!
  }
}

/** Fisher-Yates, in place. */
export function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1))
    ;[items[i], items[j]] = [items[j]!, items[i]!]
  }
  return items
}
