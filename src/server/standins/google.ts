import { createEmulator, type Emulator } from 'emulate'
import { STANDIN_OAUTH_CLIENT } from '../config.js'
import { buildDemoMailbox, type SeedLabel, type SeedMessage } from './demo-mailbox.js'

export type StandInUser = {
  email: string
  name: string
  /** Google says whether it verified the address; sign-in refuses unverified ones. */
  email_verified?: boolean
}

export type GoogleStandIn = { url: string; emulator: Emulator; close: () => Promise<void> }

/**
 * Starts the `emulate` Google stand-in: OAuth with an account chooser and the Gmail API,
 * with Inkwell registered as an OAuth client for `redirectUris`.
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
  const emulator = await createEmulator({
    service: 'google',
    port: options.port,
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
  return { url: emulator.url, emulator, close: () => emulator.close() }
}
