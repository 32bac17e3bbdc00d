import { describe, expect, it } from 'vitest'
import type { UserEventListener } from '../../../lib/events.js'
import { createMailboxSnapshots } from './mailbox-snapshots.js'

/** An event bus in memory: `emit` calls what `subscribe` registered for the user. */
function bus() {
  const listeners = new Map<string, Set<UserEventListener>>()
  return {
    subscribe(userId: string, listener: UserEventListener) {
      const set = listeners.get(userId) ?? new Set()
      listeners.set(userId, set.add(listener))
      return () => set.delete(listener)
    },
    emit: (userId: string) => listeners.get(userId)?.forEach((l) => l({ type: 'mail.changed' })),
    count: (userId: string) => listeners.get(userId)?.size ?? 0,
  }
}

function setup() {
  const events = bus()
  let clock = 0
  let version = 1
  let reads = 0
  /** A read the test finishes by hand, to land an event while it is out. */
  let hold: Promise<void> | null = null
  const snapshots = createMailboxSnapshots({
    read: async () => {
      reads++
      const seen = version
      if (hold) await hold
      return { version: seen, historyId: version > 0 ? 'h' : null }
    },
    keep: (snapshot) => snapshot.historyId !== null,
    events,
    ttlMs: 1000,
    now: () => clock,
  })
  return {
    events,
    snapshots,
    reads: () => reads,
    setVersion: (v: number) => (version = v),
    advance: (ms: number) => (clock += ms),
    holdReads: () => {
      let release!: () => void
      hold = new Promise((resolve) => (release = resolve))
      return () => {
        hold = null
        release()
      }
    },
  }
}

describe('mailbox snapshots (decision 038)', () => {
  it('answers from memory until the user has an event, then reads again', async () => {
    const t = setup()
    expect((await t.snapshots.get('u1')).version).toBe(1)
    t.setVersion(2)
    expect((await t.snapshots.get('u1')).version).toBe(1)
    expect(t.reads()).toBe(1)

    t.events.emit('u1') // any instance's NOTIFY
    expect((await t.snapshots.get('u1')).version).toBe(2)
    expect(t.reads()).toBe(2)
  })

  it('keeps nothing past its time, and nothing of a mailbox without a sync history', async () => {
    const t = setup()
    await t.snapshots.get('u1')
    t.advance(1001)
    t.setVersion(3)
    expect((await t.snapshots.get('u1')).version).toBe(3)

    t.setVersion(0) // no history: a first visit, which must see the sync's first page
    t.snapshots.forget('u1')
    await t.snapshots.get('u1')
    await t.snapshots.get('u1')
    expect(t.reads()).toBe(4)
  })

  it('does not keep a read that an event overtook, so the change is not hidden', async () => {
    const t = setup()
    const release = t.holdReads()
    const reading = t.snapshots.get('u1')
    t.setVersion(2)
    t.events.emit('u1') // the change lands while the read is out
    release()
    expect((await reading).version).toBe(1)
    expect((await t.snapshots.get('u1')).version).toBe(2)
  })

  it('shares one read among concurrent asks, but not with an ask after an event', async () => {
    const t = setup()
    const release = t.holdReads()
    const first = t.snapshots.get('u1')
    const second = t.snapshots.get('u1')
    expect(t.reads()).toBe(1)
    t.setVersion(2)
    t.events.emit('u1') // a change lands while the shared read is out
    const after = t.snapshots.get('u1')
    expect(t.reads()).toBe(2)
    release()
    expect((await first).version).toBe(1)
    expect((await second).version).toBe(1)
    expect((await after).version).toBe(2)
  })

  it("forget drops only that user's snapshot; close stops listening", async () => {
    const t = setup()
    await t.snapshots.get('u1')
    await t.snapshots.get('u2')
    t.snapshots.forget('u1')
    await t.snapshots.get('u1')
    await t.snapshots.get('u2')
    expect(t.reads()).toBe(3)
    expect(t.events.count('u1')).toBe(1)
    t.snapshots.close()
    expect(t.events.count('u1')).toBe(0)
  })
})
