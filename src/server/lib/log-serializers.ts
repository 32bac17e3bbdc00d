import type { FastifyRequest } from 'fastify'

/**
 * What the logs may say (decision 008): the kind of failure, its codes and statuses, the SQL
 * text with its placeholders, and where it was thrown. Never a query's parameters, a mail's
 * or a contact's text, a search, or a request body: those are the user's, and a log is read
 * by people and kept by services the user never agreed to.
 */

type LoggedError = {
  type: string
  /** The error's own message only where it cannot quote data; otherwise a description. */
  message: string
  code?: string | number
  statusCode?: number
  /** SQL text as sent, placeholders and all; its parameters stay out. */
  query?: string
  /** PostgreSQL's own fields that name schema objects, never values. */
  table?: string
  column?: string
  constraint?: string
  routine?: string
  /** An HTTP exchange that failed: who was asked what, and what it answered. */
  request?: { method?: string; path?: string }
  status?: number
  reason?: string
  stack: string
  cause?: LoggedError
}

const MAX_CAUSES = 5

type Fields = Record<string, unknown>
const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** The stack's frames only: its first line repeats the message, which may carry content. */
function frames(stack: unknown): string {
  if (typeof stack !== 'string') return ''
  return stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n')
}

/** The path of a URL, without its query string (Gmail calls carry ids and tokens there). */
function pathOf(url: unknown): string | undefined {
  if (typeof url !== 'string' && !(url instanceof URL)) return undefined
  try {
    return new URL(url).pathname
  } catch {
    return String(url).split('?')[0]
  }
}

function describe(error: Error & Fields): Omit<LoggedError, 'stack'> {
  const type = error.constructor?.name || error.name
  // drizzle's DrizzleQueryError: its message spells out the parameters.
  if (typeof error.query === 'string' && 'params' in error) {
    return {
      type,
      message: 'A database query failed (its parameters are not logged)',
      query: error.query,
    }
  }
  // pg's DatabaseError: the message may quote a value ('invalid input syntax for type uuid: "…"').
  if (typeof error.severity === 'string' && typeof error.code === 'string') {
    return {
      type,
      message: `PostgreSQL refused the query (SQLSTATE ${error.code})`,
      code: error.code,
      table: text(error.table),
      column: text(error.column),
      constraint: text(error.constraint),
      routine: text(error.routine),
    }
  }
  // gaxios (Google's HTTP client): its config holds the request body (a whole mail) and headers.
  if (typeof error.config === 'object' && error.config !== null) {
    const config = error.config as Fields
    const response = error.response as { status?: number; data?: unknown } | undefined
    const data = response?.data as { error?: { status?: string; errors?: Fields[] } } | undefined
    return {
      type,
      message: 'An HTTP request to Google failed',
      code:
        typeof error.code === 'string' || typeof error.code === 'number' ? error.code : undefined,
      request: { method: text(config.method), path: pathOf(config.url) },
      status: response?.status,
      reason: text(data?.error?.errors?.[0]?.reason) ?? text(data?.error?.status),
    }
  }
  return {
    type,
    message: error.message,
    code: typeof error.code === 'string' || typeof error.code === 'number' ? error.code : undefined,
    statusCode: typeof error.statusCode === 'number' ? error.statusCode : undefined,
  }
}

/** pino's `err` serializer: the error and its causes, by the rules above. */
export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'A non-Error was thrown', stack: '' }
  const top: LoggedError = { ...describe(error as Error & Fields), stack: frames(error.stack) }
  let parent = top
  let cause = error.cause
  for (let depth = 0; cause instanceof Error && depth < MAX_CAUSES; depth++) {
    parent = parent.cause = { ...describe(cause as Error & Fields), stack: frames(cause.stack) }
    cause = cause.cause
  }
  return top
}

/** The request as logged: method and path. The query string may hold a search or an OAuth code. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    remoteAddress: request.ip,
  }
}

export const logSerializers = { err: serializeError, req: serializeRequest }
