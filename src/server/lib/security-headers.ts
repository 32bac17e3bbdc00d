/**
 * The Content-Security-Policy the built app runs under: its own scripts only, no inline
 * scripts, no plugins, no framing of Inkwell. Styles allow inline because Radix and the
 * virtualised lists set style attributes. Images may come from https (avatars, and mail
 * images once the user allows them).
 */
export function contentSecurityPolicy(appUrl: string) {
  const https = appUrl.startsWith('https://')
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
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
