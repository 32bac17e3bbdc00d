import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import type { Config } from './config.js'
import { openDatabase, runMigrations, type DatabaseHandle } from './db/client.js'
import { generateKey, SecretBox } from './lib/crypto.js'
import { GoogleOAuth, REAL_GOOGLE, standInEndpoints } from './features/auth/google.js'
import { createStripeClient } from './features/billing/stripe-client.js'
import type { AppDeps } from './app.js'

export type Runtime = {
  deps: Omit<AppDeps, 'webRoot'>
  stop: () => Promise<void>
  /**
   * The database is the embedded one, a child of this process's terminal: a Ctrl-C there stops
   * it together with this process, so on the way out everything that needs it fails.
   */
  embeddedDatabase: boolean
}

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

/**
 * A key from the configuration, or in demo mode one generated once and kept under the data
 * folder. Production never gets here without its keys: `loadConfig` refuses to start.
 */
function keyOrDemoKey(config: Config, configured: string | undefined, file: string): string {
  if (configured) return configured
  if (config.mode !== 'demo') throw new Error(`${file}: no key configured outside demo mode`)
  const keyFile = path.join(config.dataDir, file)
  if (!existsSync(keyFile)) writeFileSync(keyFile, generateKey() + '\n', { mode: 0o600 })
  return readFileSync(keyFile, 'utf8').trim()
}

/**
 * Brings up what the app depends on: PostgreSQL (external or embedded, migrated), Google
 * (real, or the stand-in with the demo accounts) and Stripe (real, or the stand-in selling
 * the configured prices). `stop` takes it all down again. The stand-ins and the embedded
 * PostgreSQL are imported only in demo mode, so production never loads them (they are
 * development dependencies).
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
      const { startEmbeddedPostgres } = await import('./db/embedded.js')
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
    await runMigrations(database)

    const redirectUri = `${config.appUrl}/api/auth/google/callback`
    let google: GoogleOAuth
    let adminEmails = config.adminEmails
    let gmailPush = config.gmailPush
    if (config.google.mode === 'google') {
      google = new GoogleOAuth({ ...config.google, redirectUri, endpoints: REAL_GOOGLE })
    } else {
      const { DEMO_ADMIN_EMAIL } = await import('./standins/demo-accounts.js')
      let standInUrl = config.google.url
      if (!standInUrl) {
        log('Starting the Google stand-in with the demo mailboxes…')
        const { startGoogleStandIn } = await import('./standins/google.js')
        const { DEMO_ACCOUNTS } = await import('./standins/demo-accounts.js')
        // Mail between demo accounts is delivered by the stand-in, which then tells Inkwell's
        // push endpoint, as Gmail's push through Pub/Sub would: the recipient's open app hears
        // of it within seconds instead of at its next poll. Unless push is configured
        // otherwise, the demo's push is the stand-in's, proven by a token made at each start.
        const pushToken = gmailPush?.token ?? randomBytes(24).toString('base64url')
        if (!gmailPush)
          gmailPush = { topic: 'projects/inkwell-demo/topics/gmail', token: pushToken }
        const pushUrl = `${config.appUrl}/api/gmail/push?token=${encodeURIComponent(pushToken)}`
        const standIn = await startGoogleStandIn({
          port: config.google.port,
          redirectUris: [redirectUri],
          users: DEMO_ACCOUNTS,
          memoryDir: path.join(config.dataDir, 'google-standin'),
          onDelivered: (email) => {
            const data = Buffer.from(JSON.stringify({ emailAddress: email })).toString('base64')
            // Like Pub/Sub, fire and forget: a lost push costs the recipient a poll interval.
            fetch(pushUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ message: { data } }),
            }).catch(() => {})
          },
        })
        stops.push(standIn.close)
        standInUrl = standIn.url
      }
      google = new GoogleOAuth({
        clientId: config.google.clientId,
        clientSecret: config.google.clientSecret,
        redirectUri,
        endpoints: standInEndpoints(standInUrl),
      })
      // The admin panel can be tried in the demo.
      if (adminEmails.length === 0) adminEmails = [DEMO_ADMIN_EMAIL]
    }
    let stripeStandInUrl: string | undefined
    if (config.stripe.mode === 'standin') {
      // Its checkout approves any card: in production it would give Pro away.
      if (config.env === 'production') {
        throw new Error('STRIPE_SECRET_KEY must be set in production (see .env.example)')
      }
      log('Starting the Stripe stand-in…')
      const { deliverTo, startStripeStandIn } = await import('./standins/stripe.js')
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
    const tokenKeys = config.tokenEncryptionKeys.length
      ? config.tokenEncryptionKeys
      : [keyOrDemoKey(config, undefined, 'token-encryption.key')]
    return {
      deps: {
        config: { ...config, adminEmails, gmailPush },
        db: database.db,
        pool: database.pool,
        secrets: new SecretBox(tokenKeys),
        cookieSecrets: new SecretBox(
          keyOrDemoKey(config, config.cookieSecret, 'cookie-secret.key'),
        ),
        google,
        stripe: createStripeClient(config.stripe.secretKey, stripeStandInUrl),
      },
      stop,
      embeddedDatabase: !config.databaseUrl,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
