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
  STRIPE_SECRET_KEY: 'sk_live_inkwell',
  STRIPE_WEBHOOK_SECRET: 'whsec_inkwell',
  STRIPE_PRICE_ID_MONTHLY: 'price_monthly',
  STRIPE_PRICE_ID_YEARLY: 'price_yearly',
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
      'STRIPE_SECRET_KEY',
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

describe('AI provider configuration', () => {
  it('uses the offline writer when no provider is named', () => {
    expect(loadConfig({ INKWELL_MODE: 'demo' }).ai).toMatchObject({ provider: 'offline' })
    expect(loadConfig({ INKWELL_MODE: 'demo', AI_PROVIDER: '' }).ai).toMatchObject({
      provider: 'offline',
    })
    expect(loadConfig({ INKWELL_MODE: 'demo' }).plans.free.aiEmailsPerMonth).toBe(20)
  })

  it('reads a named provider with its default model', () => {
    expect(
      loadConfig({ INKWELL_MODE: 'demo', AI_PROVIDER: 'openai', AI_API_KEY: 'sk-test' }).ai,
    ).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      apiKey: 'sk-test',
    })
    expect(
      loadConfig({
        INKWELL_MODE: 'demo',
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: 'http://localhost:11434/v1',
        AI_MODEL: 'llama3.1:8b',
      }).ai,
    ).toMatchObject({ provider: 'openai-compatible', apiKey: undefined })
  })

  it.each([
    [{ AI_PROVIDER: 'openai' }, 'AI_PROVIDER=openai needs AI_API_KEY'],
    [{ AI_PROVIDER: 'anthropic' }, 'AI_PROVIDER=anthropic needs AI_API_KEY'],
    [{ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'x' }, 'needs AI_BASE_URL'],
    [{ AI_PROVIDER: 'gemini' }, 'AI_PROVIDER'],
    [{ FREE_AI_EMAILS_PER_MONTH: '-1' }, 'FREE_AI_EMAILS_PER_MONTH'],
  ])('refuses to start with %j, saying what is missing', (env, message) => {
    expect(() => loadConfig({ INKWELL_MODE: 'demo', ...env })).toThrow(message)
  })
})

describe('plans and Stripe configuration', () => {
  it('defaults to the configured default plans (decision 014) on the local Stripe stand-in', () => {
    const config = loadConfig({ INKWELL_MODE: 'demo' })
    expect(config.stripe).toMatchObject({ mode: 'standin', port: 4412 })
    expect(config.plans).toEqual({
      free: { aiEmailsPerMonth: 20 },
      pro: {
        monthly: {
          interval: 'monthly',
          priceId: 'price_inkwell_pro_monthly',
          amountMinor: 900,
          currency: 'usd',
        },
        yearly: {
          interval: 'yearly',
          priceId: 'price_inkwell_pro_yearly',
          amountMinor: 9000,
          currency: 'usd',
        },
      },
    })
  })

  it('takes the allowance, the amounts and the currency from the environment', () => {
    const { plans } = loadConfig({
      INKWELL_MODE: 'demo',
      FREE_AI_EMAILS_PER_MONTH: '5',
      PRO_MONTHLY_PRICE_CENTS: '999',
      PRO_YEARLY_PRICE_CENTS: '4900',
      PRICE_CURRENCY: 'EUR',
    })
    expect(plans.free.aiEmailsPerMonth).toBe(5)
    expect(plans.pro.monthly).toMatchObject({ amountMinor: 999, currency: 'eur' })
    expect(plans.pro.yearly).toMatchObject({ amountMinor: 4900, currency: 'eur' })
  })

  it('uses real Stripe with a secret key, and then needs the webhook secret and price ids', () => {
    expect(() => loadConfig({ INKWELL_MODE: 'demo', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required[\s\S]*STRIPE_PRICE_ID_MONTHLY: required[\s\S]*STRIPE_PRICE_ID_YEARLY: required/,
    )
    const config = loadConfig({
      INKWELL_MODE: 'demo',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_ID_MONTHLY: 'price_m',
      STRIPE_PRICE_ID_YEARLY: 'price_y',
    })
    expect(config.stripe).toEqual({
      mode: 'stripe',
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
    })
    expect(config.plans.pro.monthly.priceId).toBe('price_m')
    expect(config.plans.pro.yearly.priceId).toBe('price_y')
  })

  it('refuses amounts and currencies that cannot be prices', () => {
    expect(() => loadConfig({ INKWELL_MODE: 'demo', PRO_MONTHLY_PRICE_CENTS: '0' })).toThrow(
      /PRO_MONTHLY_PRICE_CENTS/,
    )
    expect(() => loadConfig({ INKWELL_MODE: 'demo', PRICE_CURRENCY: 'dollars' })).toThrow(
      /PRICE_CURRENCY/,
    )
  })
})
