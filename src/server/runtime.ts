import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { DEMO_ACCOUNTS, type Config } from './config.js'
import { openDatabase, runMigrations, type DatabaseHandle } from './db/client.js'
import { startEmbeddedPostgres } from './db/embedded.js'
import { generateKey, SecretBox } from './lib/crypto.js'
import { GoogleOAuth, REAL_GOOGLE, standInEndpoints } from './features/auth/google.js'
import { startGoogleStandIn } from './standins/google.js'
import { deliverTo, startStripeStandIn } from './standins/stripe.js'
import { createStripeClient } from './features/billing/stripe-client.js'
import type { AppDeps } from './app.js'

export type Runtime = { deps: Omit<AppDeps, 'webRoot'>; stop: () => Promise<void> }

/** Creates database `name` on the server at `serverUrl` unless it exists. */
export async function createDatabaseIfMissing(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`)
  } finally {
    await client.end()
  }
}

/** The demo keeps a generated key under the data folder; production must configure one. */
function encryptionKey(config: Config): string {
  if (config.tokenEncryptionKey) return config.tokenEncryptionKey
  if (config.env === 'production') {
    throw new Error('TOKEN_ENCRYPTION_KEY must be set in production (openssl rand -base64 32)')
  }
  const file = path.join(config.dataDir, 'token-encryption.key')
  if (!existsSync(file)) writeFileSync(file, generateKey() + '\n', { mode: 0o600 })
  return readFileSync(file, 'utf8').trim()
}

/**
 * Brings up what the app depends on: PostgreSQL (external or embedded, migrated), Google
 * (real, or the stand-in with the demo accounts) and Stripe (real, or the stand-in selling
 * the configured prices). `stop` takes it all down again.
 */
export async function startRuntime(config: Config, log: (m: string) => void): Promise<Runtime> {
  const stops: (() => Promise<void>)[] = []
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {})
  }
  try {
    await mkdir(config.dataDir, { recursive: true })
    let databaseUrl = config.databaseUrl
    if (!databaseUrl) {
      log('Starting the embedded PostgreSQL…')
      const embedded = await startEmbeddedPostgres({
        dataDir: path.join(config.dataDir, 'postgres'),
        port: config.embeddedPgPort,
      })
      stops.push(embedded.stop)
      await createDatabaseIfMissing(embedded.url('postgres'), 'inkwell')
      databaseUrl = embedded.url('inkwell')
    }
    const database: DatabaseHandle = openDatabase(databaseUrl)
    stops.push(database.close)
    await runMigrations(database.db)

    const redirectUri = `${config.appUrl}/api/auth/google/callback`
    let google: GoogleOAuth
    if (config.google.mode === 'google') {
      google = new GoogleOAuth({ ...config.google, redirectUri, endpoints: REAL_GOOGLE })
    } else {
      log('Starting the Google stand-in with the demo mailboxes…')
      const standIn = await startGoogleStandIn({
        port: config.google.port,
        redirectUris: [redirectUri],
        users: DEMO_ACCOUNTS,
      })
      stops.push(standIn.close)
      google = new GoogleOAuth({
        clientId: config.google.clientId,
        clientSecret: config.google.clientSecret,
        redirectUri,
        endpoints: standInEndpoints(standIn.url),
      })
    }
    let stripeStandInUrl: string | undefined
    if (config.stripe.mode === 'standin') {
      // Its checkout approves any card: in production it would give Pro away.
      if (config.env === 'production') {
        throw new Error('STRIPE_SECRET_KEY must be set in production (see .env.example)')
      }
      log('Starting the Stripe stand-in…')
      const standIn = await startStripeStandIn({
        port: config.stripe.port,
        webhookSecret: config.stripe.webhookSecret,
        deliver: deliverTo(`${config.appUrl}/api/stripe/webhook`),
        productName: 'Inkwell Pro',
        prices: [config.plans.pro.monthly, config.plans.pro.yearly],
      })
      stops.push(standIn.close)
      stripeStandInUrl = standIn.url
    }
    return {
      deps: {
        config,
        db: database.db,
        pool: database.pool,
        secrets: new SecretBox(encryptionKey(config)),
        google,
        stripe: createStripeClient(config.stripe.secretKey, stripeStandInUrl),
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
