import type { FastifyReply, FastifyRequest } from 'fastify'

/** Where Google serves the profile picture sign-in gives us (lh3.googleusercontent.com…). */
const GOOGLE_PROFILE_PICTURES = 'https://*.googleusercontent.com'

/**
 * The Content-Security-Policy the built app runs under: its own scripts only, no inline
 * scripts, no plugins, no framing of Inkwell. Styles allow inline because Radix and the
 * virtualised lists set style attributes. Images: only what the app itself shows, its own
 * files, inline ones and the user's Google profile picture. Mail images are not the page's:
 * they load inside the mail frame, a document with a policy of its own (docs/decisions/007).
 */
export function contentSecurityPolicy(appUrl: string) {
  const https = appUrl.startsWith('https://')
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', GOOGLE_PROFILE_PICTURES],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameSrc: ["'self'", 'blob:'],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Upgrading on plain-http localhost would break the demo; only on a real https origin.
    upgradeInsecureRequests: https ? [] : null,
  }
}

/**
 * onSend: an `/api/` answer that did not choose its caching is `Cache-Control: no-store`. API
 * answers are one user's data (mail, settings, the signed-in user): neither a shared computer's
 * browser cache nor a proxy may keep them, and the back button must not show them after logout.
 * A route that caches on purpose sets its own header and keeps it (the thread list revalidates
 * with an ETag, attachments say `private, no-store`); event streams write theirs directly.
 */
export async function noStoreForApi(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
    reply.header('cache-control', 'no-store')
  }
}
