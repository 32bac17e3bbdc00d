import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../../test/harness.js'

describe('health probes', () => {
  let harness: Harness
  beforeAll(async () => {
    harness = await startHarness()
  })
  afterAll(async () => {
    await harness.close()
  })

  it('answer without a session, and readiness turns off when the server drains', async () => {
    expect((await harness.call(undefined, 'GET', '/healthz')).json()).toEqual({ status: 'ok' })
    expect((await harness.call(undefined, 'GET', '/readyz')).json()).toEqual({ status: 'ready' })
    harness.app.startDraining()
    const draining = await harness.call(undefined, 'GET', '/readyz')
    expect(draining.statusCode).toBe(503)
    expect((await harness.call(undefined, 'GET', '/healthz')).statusCode).toBe(200)
  })
})
