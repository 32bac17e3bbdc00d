import type { ApiError as ApiErrorBody } from '../../contract/errors'

/**
 * A non-OK answer. Its message follows the spec: the status code, ': ', then the body text
 * or, when empty, the status text (so callers can test `message.includes('429')`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`)
    this.name = 'ApiError'
  }

  /** The server's own explanation (`error.message` of its JSON body), when it sent one. */
  get detail(): string | null {
    return this.#errorField('message')
  }

  /** The server's code for the error (`error.code`: 'send_in_progress'...), when it sent one. */
  get code(): string | null {
    return this.#errorField('code')
  }

  #errorField(field: 'message' | 'code'): string | null {
    // Read without zod, which stays out of the first screen's bundle.
    try {
      const value = (JSON.parse(this.bodyText) as Partial<ApiErrorBody>).error?.[field]
      return typeof value === 'string' ? value : null
    } catch {
      return null
    }
  }
}

/** Raises a non-OK answer as an ApiError (read once, so callers can still use the body). */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return
  const text = await response.text().catch(() => '')
  throw new ApiError(response.status, text, response.statusText)
}

/** Every call sends cookies; a body goes as JSON. Throws ApiError on any non-OK answer. */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  await throwIfNotOk(response)
  return response
}

/** A JSON answer, or null for an empty one (204). */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body)
  const text = await response.text()
  return (text ? JSON.parse(text) : null) as T
}

/** The default read: GET and parse JSON; with `on401: 'returnNull'` a 401 yields null. */
export async function apiGet<T>(
  url: string,
  options: { on401?: 'throw' | 'returnNull'; signal?: AbortSignal } = {},
): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include', signal: options.signal })
  if (options.on401 === 'returnNull' && response.status === 401) return null
  await throwIfNotOk(response)
  return (await response.json()) as T
}
