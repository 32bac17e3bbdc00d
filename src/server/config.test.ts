import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'
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
    expect(() => loadConfig({})).toThrow(/APP_URL: required when INKWELL_MODE=production/)
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
    ).toThrow(/COOKIE_SECRET: must differ/)
    expect(() => loadConfig({ ...production, TOKEN_ENCRYPTION_KEYS_RETIRED: 'short' })).toThrow(
      /TOKEN_ENCRYPTION_KEYS_RETIRED/,
    )
  })
})

/** The problems loadConfig lists for `env`, or [] when it starts. */
function problemsWith(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env)
    return []
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
}

describe('production fails closed', () => {
  it('wants https, unless plain http is allowed outright for a private network', () => {
    expect(problemsWith({ ...production, APP_URL: 'http://mail.example.com' })).toEqual([
      expect.stringMatching(/^APP_URL: must be https in production .*ALLOW_INSECURE_HTTP=1/),
    ])
    const insecure = { ...production, APP_URL: 'http://10.0.0.2:3000', ALLOW_INSECURE_HTTP: '1' }
    expect(loadConfig(insecure).appUrl).toBe('http://10.0.0.2:3000')
    expect(problemsWith({ ...production, ALLOW_INSECURE_HTTP: 'yes' })).toEqual([
      expect.stringMatching(/^ALLOW_INSECURE_HTTP: /),
    ])
    // The demo is plain http on localhost; no address may be anything but http(s).
    expect(loadConfig({ INKWELL_MODE: 'demo', APP_URL: 'http://localhost:3000' }).appUrl).toBe(
      'http://localhost:3000',
    )
    expect(problemsWith({ INKWELL_MODE: 'demo', APP_URL: 'ftp://mail.example.com' })).toEqual([
      'APP_URL: must be an http(s) address',
    ])
  })

  it('lists everything wrong at once, one line per setting', () => {
    const problems = problemsWith({
      ...production,
      APP_URL: 'http://mail.example.com',
      COOKIE_SECRET: production.TOKEN_ENCRYPTION_KEY,
      STRIPE_PRICE_ID_YEARLY: '',
      AI_PROVIDER: 'openai',
    })
    expect(problems.map((p) => p.split(/[:= ]/)[0])).toEqual([
      'APP_URL',
      'COOKIE_SECRET',
      'AI_PROVIDER',
      'STRIPE_PRICE_ID_YEARLY',
    ])
  })

  it('keeps a session 30 days at most, and 14 days without use, unless told otherwise', () => {
    const config = loadConfig(production)
    expect([config.sessionTtlDays, config.sessionIdleDays]).toEqual([30, 14])
    expect(loadConfig({ ...production, SESSION_IDLE_DAYS: '3' }).sessionIdleDays).toBe(3)
    expect(problemsWith({ ...production, SESSION_IDLE_DAYS: '0' })).toEqual([
      expect.stringMatching(/^SESSION_IDLE_DAYS: /),
    ])
  })
})

describe('TRUST_PROXY', () => {
  it('takes what proxy-addr takes: addresses, CIDRs, v4 netmasks, its range names', () => {
    for (const value of [
      '10.0.0.5',
      '10.0.0.0/8, 192.168.1.0/255.255.255.0',
      'loopback,linklocal,uniquelocal',
      '2001:db8::/32, ::1',
      '::ffff:10.0.0.1',
      '10.0.0.5,',
    ]) {
      const { trustProxy } = loadConfig({ ...production, TRUST_PROXY: value })
      expect(trustProxy, value).toEqual(expect.any(Array))
      // What Fastify does with it at start-up, where a value it cannot read once threw.
      expect(() => Fastify({ trustProxy: trustProxy as string[] }), value).not.toThrow()
    }
    expect(loadConfig({ ...production, TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ ...production, TRUST_PROXY: '' }).trustProxy).toBe(false)
  })

  it.each([
    ['0.0.0.0/0', '0.0.0.0/0 trusts every address'],
    ['::/0', '::/0 trusts every address'],
    ['10.0.0.5, 0.0.0.0/0.0.0.0', '0.0.0.0/0.0.0.0 trusts every address'],
    ['true', 'true trusts every address'],
    ['*', '* trusts every address'],
    ['2', '2: a hop count cannot tell your proxy from a client'],
    ['10.0.0.0/33', '10.0.0.0/33 is not an address'],
    ['10.0.0.0/255.0.255.0', '10.0.0.0/255.0.255.0 is not an address'],
    ['10.1', '10.1 is not an address'],
    ['proxy.internal', 'proxy.internal is not an address'],
  ])('refuses %j, naming it and why', (value, says) => {
    expect(problemsWith({ ...production, TRUST_PROXY: value })).toEqual([
      expect.stringContaining(`TRUST_PROXY: ${says}`),
    ])
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
