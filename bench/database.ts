// A separate file from support.ts: importing the embedded PostgreSQL installs signal handlers,
// which the browser benches that only need the figures' helpers should not get.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { openDatabase, runMigrations } from '../src/server/db/client.js'
import { startEmbeddedPostgres } from '../src/server/db/embedded.js'
import { createDatabaseIfMissing } from '../src/server/runtime.js'
import { freePort } from '../src/server/test/free-port.js'

/**
 * Every bench's database: a throw-away embedded PostgreSQL in `.tmp/<folder>` with the app's
 * schema. `stop` stops it and removes its folder.
 */
export async function startBenchDatabase(folder: string) {
  const work = path.resolve('.tmp', folder)
  rmSync(work, { recursive: true, force: true })
  const pg = await startEmbeddedPostgres({
    dataDir: `${work}/postgres`,
    port: await freePort(),
    persistent: false,
  })
  await createDatabaseIfMissing(pg.url('postgres'), 'bench')
  const database = openDatabase(pg.url('bench'), { max: 20 })
  await runMigrations(database)
  return {
    database,
    /** For a server process of its own. */
    url: pg.url('bench'),
    async stop() {
      await pg.stop()
      rmSync(work, { recursive: true, force: true })
    },
  }
}
