import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { FastifyBaseLogger } from 'fastify'
import { isStopping } from './stopping.js'

/** PostgreSQL's NOTIFY payload limit is 8000 bytes; events carry ids and counts, not content. */
const MAX_PAYLOAD_BYTES = 7900
const CHANNEL = 'inkwell_events'
/** The longest a publisher waits to hear its own event back (a lost NOTIFY, a slow listener). */
const DELIVERY_WAIT_MS = 500

export type UserEvent = { type: string } & Record<string, unknown>
export type UserEventListener = (event: UserEvent) => void

/**
 * Events about one user's data, fanned out to every instance on the database through
 * PostgreSQL LISTEN/NOTIFY: what one instance publishes (a sync saw new mail), a client
 * connected to any instance hears. Delivery is best effort, as NOTIFY is: listeners treat
 * an event as "look again", never as the data itself.
 */
export type EventBus = {
  /**
   * Sends `event` to every instance. With `delivered`, answers only once this instance's own
   * listener has heard it back (or `DELIVERY_WAIT_MS` passed): PostgreSQL has then sent it to
   * every listening instance, so a request that the caller's answer prompts elsewhere comes
   * after it. What a change's author awaits before answering (decision 038).
   */
  publish(userId: string, event: UserEvent, options?: { delivered?: boolean }): Promise<void>
  /** Calls `listener` for each event of `userId`; returns the unsubscribe function. */
  subscribe(userId: string, listener: UserEventListener): () => void
  close(): Promise<void>
}

export async function createEventBus(pool: pg.Pool, log: FastifyBaseLogger): Promise<EventBus> {
  const listeners = new Map<string, Set<UserEventListener>>()
  /** Publishers waiting to hear their event back, by the id it went out with. */
  const echoes = new Map<string, () => void>()
  let client: pg.Client | null = null
  let closed = false
  let reconnectTimer: NodeJS.Timeout | undefined

  function dispatch(payload: string | undefined) {
    if (!payload) return
    let message: { userId: string; event: UserEvent; echo?: string }
    try {
      message = JSON.parse(payload) as typeof message
    } catch {
      return
    }
    if (message.echo) echoes.get(message.echo)?.()
    for (const listener of listeners.get(message.userId) ?? []) {
      try {
        listener(message.event)
      } catch (error) {
        log.warn({ err: error }, 'an event listener failed')
      }
    }
  }

  /** One dedicated connection LISTENs (a pooled one would be handed to other queries). */
  async function connect(): Promise<void> {
    const next = new pg.Client(pool.options)
    next.on('notification', (message) => dispatch(message.payload))
    next.on('error', (error) => {
      if (!isStopping()) log.warn({ err: error }, 'the event listener lost its database connection')
      next.removeAllListeners('notification')
      next.end().catch(() => {})
      if (client === next) client = null
      scheduleReconnect()
    })
    await next.connect()
    await next.query(`listen ${CHANNEL}`)
    client = next
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer || isStopping()) return
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'reconnecting the event listener failed; retrying')
        scheduleReconnect()
      })
    }, 1000)
    reconnectTimer.unref()
  }

  await connect()

  return {
    async publish(userId, event, options = {}) {
      // Without a listener connection nothing can come back: do not wait for it.
      const echo = options.delivered && client ? randomUUID() : undefined
      const payload = JSON.stringify({ userId, event, echo })
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        throw new Error(`event ${event.type} is too large for NOTIFY`)
      }
      if (!echo) {
        await pool.query('select pg_notify($1, $2)', [CHANNEL, payload])
        return
      }
      let timer: NodeJS.Timeout | undefined
      const heard = new Promise<void>((resolve) => {
        echoes.set(echo, resolve)
        timer = setTimeout(resolve, DELIVERY_WAIT_MS)
      })
      try {
        await pool.query('select pg_notify($1, $2)', [CHANNEL, payload])
        await heard
      } finally {
        clearTimeout(timer)
        echoes.delete(echo)
      }
    },

    subscribe(userId, listener) {
      let set = listeners.get(userId)
      if (!set) listeners.set(userId, (set = new Set()))
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(userId)
      }
    },

    async close() {
      closed = true
      clearTimeout(reconnectTimer)
      await client?.end().catch(() => {})
      client = null
    },
  }
}
