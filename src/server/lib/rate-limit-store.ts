import { createHash } from 'node:crypto'
import type { Pool } from 'pg'
import type { FastifyRateLimitStore } from '@fastify/rate-limit'

type Counter = { current: number; ttl: number }
type Callback = (error: Error | null, result?: Counter) => void
/**
 * What the plugin hands `child()`: its typings say the route's options, but at run time it is
 * the route's merged rate-limit settings with the route under `routeInfo`.
 */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & {
  routeInfo?: { method?: string | string[]; url?: string }
}

/**
 * A @fastify/rate-limit store kept in PostgreSQL (decision 021), so the limits hold across
 * every instance behind a load balancer; the plugin's default store counts per process, and
 * two instances would each allow the whole limit. Fixed windows, as the default store has.
 *
 * The plugin constructs the store itself (`new Store(options)`), hence a class made per pool.
 */
export function postgresRateLimitStore(pool: Pool) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly #scope: string

    /** Built by the plugin with its settings, and by `child()` once per route. */
    constructor(options?: object) {
      // One counter per route and client, as the plugin's own store keeps one map per route.
      const route = (options as ChildOptions | undefined)?.routeInfo
      const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method
      this.#scope = `${method ?? '*'} ${route?.url ?? '*'}`
    }

    #key(client: string): string {
      // Hashed: the table never holds a client's address.
      return createHash('sha256').update(`${this.#scope}\n${client}`).digest('base64url')
    }

    incr(client: string, callback: Callback, timeWindow: number): void {
      pool
        .query<{ hits: number; ttl: string }>(
          `INSERT INTO rate_limit_counters AS c (key, hits, window_ends_at)
             VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
           ON CONFLICT (key) DO UPDATE SET
             hits = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.hits + 1 END,
             window_ends_at = CASE WHEN c.window_ends_at <= now() THEN EXCLUDED.window_ends_at
                                   ELSE c.window_ends_at END
           RETURNING hits, extract(epoch FROM window_ends_at - now()) * 1000 AS ttl`,
          [this.#key(client), timeWindow],
        )
        .then(({ rows: [row] }) =>
          callback(null, { current: row!.hits, ttl: Math.max(0, Math.round(Number(row!.ttl))) }),
        )
        .catch((error: Error) => callback(error))
    }

    read(client: string, callback: Callback): void {
      pool
        .query<{ hits: number; ttl: string }>(
          `SELECT hits, extract(epoch FROM window_ends_at - now()) * 1000 AS ttl
             FROM rate_limit_counters WHERE key = $1 AND window_ends_at > now()`,
          [this.#key(client)],
        )
        .then(({ rows: [row] }) =>
          callback(
            null,
            row ? { current: row.hits, ttl: Math.round(Number(row.ttl)) } : { current: 0, ttl: 0 },
          ),
        )
        .catch((error: Error) => callback(error))
    }

    child(options: ChildOptions): PostgresRateLimitStore {
      return new PostgresRateLimitStore(options)
    }
  }
}

/** Drops windows that ended (run beside the session purge): rows would otherwise pile up. */
export async function purgeEndedRateLimitWindows(pool: Pool): Promise<number> {
  const { rowCount } = await pool.query(
    `DELETE FROM rate_limit_counters WHERE window_ends_at < now() - interval '1 minute'`,
  )
  return rowCount ?? 0
}
