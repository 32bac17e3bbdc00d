import type { FastifyInstance } from 'fastify'
import { Forbidden } from './errors.js'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on routes that other sites call by design (signed webhooks). */
    skipOriginCheck?: boolean
  }
}

/**
 * Refuses state-changing requests that do not come from Inkwell's own pages (decision 035):
 * the Origin header must be ours; without one, Sec-Fetch-Site must say same-origin.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin))
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    if (request.routeOptions.config?.skipOriginCheck) return
    const origin = request.headers.origin
    if (origin) {
      if (!allowed.has(origin)) throw new Forbidden('Cross-origin request refused', 'bad_origin')
      return
    }
    if (request.headers['sec-fetch-site'] !== 'same-origin') {
      throw new Forbidden('Cross-origin request refused', 'bad_origin')
    }
  })
}
