import { ApiError } from './api-client'

/** The server's own explanation of a failed call (e.g. a duplicate e-mail), for a toast. */
export function errorDetail(error: unknown): string | undefined {
  return error instanceof ApiError ? (error.detail ?? undefined) : undefined
}
