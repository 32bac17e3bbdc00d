import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createEmulator, type Emulator } from 'emulate'
import { STANDIN_OAUTH_CLIENT } from '../config.js'
import { buildDemoMailbox, type SeedLabel, type SeedMessage } from './demo-mailbox/index.js'
import { startGoogleGuard } from './google-guard.js'
import { openStandInMemory } from './google-memory.js'

export type StandInUser = {
  email: string
  name: string
  /** Google says whether it verified the address; sign-in refuses unverified ones. */
  email_verified?: boolean
}

export type GoogleStandIn = { url: string; emulator: Emulator; close: () => Promise<void> }

/** A port nothing listens on now, for the emulator behind the guard. */
async function unusedPort(): Promise<number> {
  const probe = http.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

/**
 * Starts the `emulate` Google stand-in: OAuth with an account chooser and the Gmail API,
 * with Inkwell registered as an OAuth client for `redirectUris`. It answers on `port` through
 * the guard (google-guard.ts), which makes it refuse tokens it did not issue and keep each
 * account's Google id across restarts, as Google does.
 */
export async function startGoogleStandIn(options: {
  port: number
  redirectUris: string[]
  users: readonly StandInUser[]
  /** Seed each user with a generated demo mailbox (default true). */
  withMailbox?: boolean
  /** Threads per demo mailbox (the generator's default when absent); benchmarks ask for 10,000. */
  threadsPerUser?: number
  now?: Date
  /**
   * A folder where the stand-in remembers its grants and the mailboxes' changes across
   * restarts (the demo's data folder); without it, a restart forgets them, as emulate does.
   */
  memoryDir?: string
  /**
   * Told when mail one account sent was delivered into another's Inbox: the demo points it at
   * Inkwell's push endpoint, as Gmail's push through Pub/Sub would reach it.
   */
  onDelivered?: (email: string) => void
}): Promise<GoogleStandIn> {
  const labels: SeedLabel[] = []
  const messages: SeedMessage[] = []
  if (options.withMailbox ?? true) {
    options.users.forEach((user, index) => {
      const mailbox = buildDemoMailbox(user, {
        now: options.now,
        seed: index + 1,
        threads: options.threadsPerUser,
      })
      labels.push(...mailbox.labels)
      messages.push(...mailbox.messages)
    })
  }
  let emulatorUrl = ''
  const guard = await startGoogleGuard({
    port: options.port,
    upstream: () => emulatorUrl,
    memory: options.memoryDir ? openStandInMemory(options.memoryDir) : undefined,
    accounts: options.users.map((user) => user.email),
    onDelivered: options.onDelivered,
  })
  let emulator: Emulator
  try {
    const emulatorPort = await unusedPort()
    emulatorUrl = `http://127.0.0.1:${emulatorPort}`
    emulator = await createEmulator({
      service: 'google',
      port: emulatorPort,
      // The addresses it puts in what it answers (discovery, id token issuer) are the guard's.
      baseUrl: guard.url,
      seed: {
        google: {
          users: options.users.map((u) => ({ ...u })),
          oauth_clients: [
            {
              client_id: STANDIN_OAUTH_CLIENT.clientId,
              client_secret: STANDIN_OAUTH_CLIENT.clientSecret,
              name: 'Inkwell',
              redirect_uris: options.redirectUris,
            },
          ],
          labels,
          messages,
        },
      },
    })
    // What the users did to their mailboxes before the restart, done again (decision 040).
    await guard.replay()
  } catch (error) {
    await guard.close()
    throw error
  }
  return {
    url: guard.url,
    emulator,
    close: async () => {
      await guard.close()
      await emulator.close()
    },
  }
}
