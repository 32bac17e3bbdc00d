import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError, TooManyRequests } from './errors.js'

type Body = { error: { code: string; message: string } }

function describeValidation(
  issues: { instancePath?: string; message?: string; params?: unknown }[],
  context: string | undefined,
): string {
  return issues
    .map((issue) => {
      const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.')
      const where = field || context || 'request'
      return `${where}: ${issue.message ?? 'is invalid'}`
    })
    .join('; ')
}

/**
 * The wait a 429 without its own figure asks for: Gmail's throttling passes none on, and its
 * per-user windows are a minute.
 */
const DEFAULT_RETRY_AFTER_SECONDS = 60

/** Fastify's router refuses a URL before any route sees it; these say why in our words. */
const ROUTER_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is not valid percent-encoded UTF-8',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the URL path is too long',
}

/**
 * The one error handler: typed errors keep their status, 5xx details never reach clients, and
 * log lines carry codes, not content (decision 008). It also answers the router's own
 * refusals (Fastify's `frameworkErrors`), so every error has the same shape.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let status: number
  let body: Body
  /** Our own words are safe to log; a parser's message may quote the request body. */
  let ownMessage = true
  if (hasZodFastifySchemaValidationErrors(error)) {
    status = 400
    const message = describeValidation(error.validation, error.validationContext)
    body = { error: { code: 'validation_error', message } }
  } else if (error instanceof AppError) {
    status = error.statusCode
    body = { error: { code: error.code, message: error.message } }
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own client errors: bad JSON, body too large, unsupported media type, bad URL...
    status = error.statusCode
    const code = status === 429 ? 'too_many_requests' : 'bad_request'
    const message = ROUTER_MESSAGES[error.code]
    body = { error: { code, message: message ?? error.message } }
    ownMessage = message !== undefined
  } else {
    status = 500
    body = { error: { code: 'internal_error', message: 'Something went wrong on our side' } }
  }
  // Every 429 says when to come back (issue 22). @fastify/rate-limit has set its own already.
  if (status === 429 && !reply.hasHeader('retry-after')) {
    const seconds = error instanceof TooManyRequests ? error.retryAfterSeconds : undefined
    reply.header('retry-after', String(seconds ?? DEFAULT_RETRY_AFTER_SECONDS))
  }
  // The `err` serializer (lib/log-serializers.ts) keeps parameters and content out.
  const { code } = body.error
  if (status >= 500) request.log.error({ err: error, status, code }, 'request failed')
  else if (ownMessage) request.log.info({ status, code }, body.error.message)
  else request.log.info({ status, code, fastifyCode: error.code }, 'request refused')
  return reply.status(status).send(body)
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError)
}

/** The 404 body for an unknown API route. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const message = `No route for ${request.method} ${request.url.split('?')[0]}`
  return reply.status(404).send({ error: { code: 'not_found', message } })
}
