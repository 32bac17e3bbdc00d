import { describe, expect, it } from 'vitest'
import { createRecentSessions } from './recent-sessions.js'

describe('recent sessions', () => {
  const clock = () => {
    let at = 1_000
    return { now: () => at, advance: (ms: number) => (at += ms) }
  }

  it('recalls a verified session only within its moment', () => {
    const time = clock()
    const recent = createRecentSessions({ ttlMs: 1000, now: time.now })
    recent.remember('h1', 'ada')
    expect(recent.recall('h1')).toBe('ada')
    expect(recent.recall('h2')).toBeNull()
    time.advance(999)
    expect(recent.recall('h1')).toBe('ada')
    time.advance(1)
    expect(recent.recall('h1')).toBeNull()
  })

  it('forgets an ended session at once, and every session of a user signed out everywhere', () => {
    const recent = createRecentSessions({ ttlMs: 1000 })
    recent.remember('h1', 'ada')
    recent.remember('h2', 'ada')
    recent.remember('h3', 'grace')
    recent.forget('h1')
    expect(recent.recall('h1')).toBeNull()
    expect(recent.recall('h2')).toBe('ada')
    recent.forgetUser('ada')
    expect(recent.recall('h2')).toBeNull()
    expect(recent.recall('h3')).toBe('grace')
  })
})
