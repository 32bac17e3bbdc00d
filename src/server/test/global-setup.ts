import path from 'node:path'
import { rmSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '../db/embedded.js'
import { freePort } from './free-port.js'

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
  // Per-run folder and port, so runs started side by side never share a cluster.
  const dataDir = path.resolve(`.tmp/test-postgres-${process.pid}`)
  rmSync(dataDir, { recursive: true, force: true })
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false })
  project.provide('pgServerUrl', server.url('postgres'))
  return async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
