/**
 * The SQLSTATE of a PostgreSQL error (`22021`, `23505`...), also when drizzle wrapped it
 * (DrizzleQueryError keeps pg's error as `cause`); undefined for any other error.
 */
export function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}
