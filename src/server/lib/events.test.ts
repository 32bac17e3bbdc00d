import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../db/client.js'
import { createTestDatabase } from '../test/database.js'
import { createEventBus, type EventBus, type UserEvent } from './events.js'

const log = { warn: () => {} } as unknown as FastifyBaseLogger

describe('the event bus (PostgreSQL LISTEN/NOTIFY)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let other: DatabaseHandle
  let here: EventBus
  let there: EventBus
  beforeAll(async () => {
    database = await createTestDatabase()
    // Two instances: each its own pool and listener on the one database.
    other = openDatabase(database.url)
    here = await createEventBus(database.pool, log)
    there = await createEventBus(other.pool, log)
  })
  afterAll(async () => {
    await here?.close()
    await there?.close()
    await other?.close()
    await database?.drop()
  })

  it('reaches every instance; a delivered publish answers once its own instance has heard it', async () => {
    const heardHere: UserEvent[] = []
    const heardThere: UserEvent[] = []
    const stopHere = here.subscribe('u1', (event) => heardHere.push(event))
    const stopThere = there.subscribe('u1', (event) => heardThere.push(event))
    there.subscribe('u2', () => heardThere.push({ type: 'not for u1' }))

    await here.publish('u1', { type: 'mail.changed', threadIds: ['t1'] }, { delivered: true })
    expect(heardHere).toEqual([{ type: 'mail.changed', threadIds: ['t1'] }])
    await expect.poll(() => heardThere).toEqual([{ type: 'mail.changed', threadIds: ['t1'] }])
    stopHere()
    stopThere()
  })
})
