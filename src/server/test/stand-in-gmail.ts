import { eq } from 'drizzle-orm'
import { users } from '../db/schema.js'
import type { Harness } from './harness.js'

export type StandInGmail = ReturnType<typeof standInGmail>

/** Talks to the stand-in's Gmail API directly, as Gmail itself would be used elsewhere. */
export function standInGmail(h: Harness, accessToken: string) {
  return async <T = Record<string, unknown>>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${h.standIn.url}/gmail/v1/users/me/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return (response.status === 204 ? {} : await response.json()) as T
  }
}

/** The user's current Gmail access token, as the app stored it (sealed) at sign-in. */
export async function accessTokenOf(h: Harness, email: string) {
  const [row] = await h.db.select().from(users).where(eq(users.email, email))
  return h.secrets.open(row!.gmailAccessToken!)
}
