import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.js'
import { generateKey } from './lib/crypto.js'

const production = {
  INKWELL_MODE: 'production',
  GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'secret',
  TOKEN_ENCRYPTION_KEY: generateKey(),
  COOKIE_SECRET: generateKey(),
  DATABASE_URL: 'postgres://inkwell@db.internal:5432/inkwell',
  APP_URL: 'https://mail.example.com',
}

describe('loadConfig', () => {
  it('is production unless told otherwise, and production names every missing setting', () => {
    expect(() => loadConfig({})).toThrow(/INKWELL_MODE=production needs/)
    let message = ''
    try {
      loadConfig({ GOOGLE_CLIENT_ID: 'only-the-id' })
    } catch (error) {
      message = (error as Error).message
    }
    for (const name of [
      'GOOGLE_CLIENT_SECRET',
      'TOKEN_ENCRYPTION_KEY',
      'COOKIE_SECRET',
      'DATABASE_URL',
      'APP_URL',
    ]) {
      expect(message).toContain(name)
    }
    expect(message).not.toMatch(/GOOGLE_CLIENT_ID:/)
  })

  it('never falls back to a stand-in or a demo admin in production', () => {
    const config = loadConfig(production)
    expect(config.mode).toBe('production')
    expect(config.google.mode).toBe('google')
    expect(config.adminEmails).toEqual([])
    expect(config.tokenEncryptionKeys).toEqual([production.TOKEN_ENCRYPTION_KEY])
  })

  it('runs the demo on stand-ins and generated keys when asked to', () => {
    const config = loadConfig({ INKWELL_MODE: 'demo' })
    expect(config.google.mode).toBe('standin')
    expect(config.tokenEncryptionKeys).toEqual([])
    expect(config.cookieSecret).toBeUndefined()
  })

  it('keeps retired token keys after the current one, and one key per purpose', () => {
    const retired = generateKey()
    const config = loadConfig({ ...production, TOKEN_ENCRYPTION_KEYS_RETIRED: ` ${retired} ,` })
    expect(config.tokenEncryptionKeys).toEqual([production.TOKEN_ENCRYPTION_KEY, retired])
    expect(() =>
      loadConfig({ ...production, COOKIE_SECRET: production.TOKEN_ENCRYPTION_KEY }),
    ).toThrow(/COOKIE_SECRET must differ/)
    expect(() => loadConfig({ ...production, TOKEN_ENCRYPTION_KEYS_RETIRED: 'short' })).toThrow(
      /TOKEN_ENCRYPTION_KEYS_RETIRED/,
    )
  })
})
