import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** A change made to a stand-in mailbox through the Gmail API, as it was asked for. */
export type JournalEntry = {
  email: string
  method: string
  /** Path and query, as sent. */
  url: string
  contentType: string | null
  /** The request body, base64. */
  body: string
}

/** Who a refresh token belongs to, and what it was granted. */
export type Grant = { email: string; scope: string }

/**
 * What the demo's Google stand-in remembers across restarts, in the data folder (decision
 * 040). emulate keeps everything in memory and has no persistence for its built-in services,
 * so the guard in front of it keeps two files:
 * - `grants.json`: the refresh tokens it issued and whose they are, so Inkwell's stored tokens
 *   still work after a restart, as Google's do;
 * - `gmail-journal.ndjson`: every change a user made to their mailbox (archive, star, send,
 *   draft…), replayed on the next start, so what a user did is still done.
 */
export function openStandInMemory(dir: string) {
  mkdirSync(dir, { recursive: true })
  const grantsFile = path.join(dir, 'grants.json')
  const journalFile = path.join(dir, 'gmail-journal.ndjson')
  const grants = new Map<string, Grant>(Object.entries(readJson(grantsFile) ?? {}))

  function saveGrants() {
    // Written whole and renamed over: a stop mid-write never leaves half a file.
    const next = `${grantsFile}.next`
    writeFileSync(next, JSON.stringify(Object.fromEntries(grants)), { mode: 0o600 })
    renameSync(next, grantsFile)
  }

  return {
    grantOf: (refreshToken: string) => grants.get(refreshToken) ?? null,
    rememberGrant(refreshToken: string, grant: Grant) {
      grants.set(refreshToken, grant)
      saveGrants()
    },
    forgetGrant(refreshToken: string) {
      if (grants.delete(refreshToken)) saveGrants()
    },
    record(entry: JournalEntry) {
      appendFileSync(journalFile, `${JSON.stringify(entry)}\n`, { mode: 0o600 })
    },
    /** The journal in the order it was written; a line cut short by a crash is skipped. */
    journal(): JournalEntry[] {
      let text = ''
      try {
        text = readFileSync(journalFile, 'utf8')
      } catch {
        return []
      }
      return text.split('\n').flatMap((line) => {
        try {
          return line ? [JSON.parse(line) as JournalEntry] : []
        } catch {
          return []
        }
      })
    },
  }
}

export type StandInMemory = ReturnType<typeof openStandInMemory>

function readJson(file: string): Record<string, Grant> | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Grant>
  } catch {
    return null
  }
}
