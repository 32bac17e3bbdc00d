import path from 'node:path'
import { rmSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../db/embedded.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a PostgreSQL server's maintenance database; each test file makes its own database. */
    pgServerUrl: string
  }
}

/**
 * One PostgreSQL server for the whole run: the external one when TEST_DATABASE_URL is set
 * (the production path), otherwise a throw-away embedded cluster.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL
  if (external) {
    project.provide('pgServerUrl', external)
    return
  }
  const dataDir = path.resolve('.tmp/test-postgres')
  rmSync(dataDir, { recursive: true, force: true })
  const server = await startEmbeddedPostgres({
    dataDir,
    port: Number(process.env.TEST_PG_PORT ?? 5440),
    persistent: false,
  })
  project.provide('pgServerUrl', server.url('postgres'))
  return async () => {
    await server.stop()
  }
}
