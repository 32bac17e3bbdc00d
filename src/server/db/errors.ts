/**
 * True when `error` is PostgreSQL refusing a row because of the unique constraint or index
 * `constraint` (SQLSTATE 23505). drizzle wraps the driver's error, so the PostgreSQL
 * fields are looked for along the `cause` chain.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const pg = e as Error & { code?: unknown; constraint?: unknown }
    if (pg.code === '23505') return pg.constraint === constraint
  }
  return false
}
