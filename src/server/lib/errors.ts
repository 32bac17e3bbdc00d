/** Errors a service throws on purpose; the error handler maps each to its status code. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** `cause` keeps what went wrong underneath (Gmail's answer) for the log, never the client. */
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = new.target.name
  }
}

export class BadRequest extends AppError {
  constructor(message: string, code = 'bad_request') {
    super(400, code, message)
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Not signed in', code = 'unauthorized') {
    super(401, code, message)
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Forbidden', code = 'forbidden') {
    super(403, code, message)
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found', code = 'not_found', options?: ErrorOptions) {
    super(404, code, message, options)
  }
}
export class Conflict extends AppError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message)
  }
}
export class TooManyRequests extends AppError {
  /** When to come back, for the `Retry-After` header; the error handler's default without it. */
  readonly retryAfterSeconds: number | undefined
  constructor(
    message: string,
    code = 'too_many_requests',
    options?: ErrorOptions & { retryAfterSeconds?: number },
  ) {
    super(429, code, message, options)
    this.retryAfterSeconds =
      options?.retryAfterSeconds === undefined
        ? undefined
        : Math.max(1, Math.ceil(options.retryAfterSeconds))
  }
}
export class UpstreamError extends AppError {
  constructor(message: string, code = 'upstream_error', options?: ErrorOptions) {
    super(502, code, message, options)
  }
}
