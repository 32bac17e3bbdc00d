import path from 'node:path'
import { rmSync } from 'node:fs'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase, runMigrations } from '../db/client.js'
import { startEmbeddedPostgres } from '../db/embedded.js'
import { freePort } from './free-port.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a PostgreSQL server's maintenance database; each test file makes its own database. */
    pgServerUrl: string
    /** The run's migrated database, which each test file's database is a copy of. */
    pgTemplate: string
  }
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/**
 * One PostgreSQL server for the whole run: the external one when TEST_DATABASE_URL is set
 * (the production path), otherwise a throw-away embedded cluster. The migrations run once here,
 * on an empty database, and each test file copies the result (CREATE DATABASE … TEMPLATE, a
 * file copy) instead of running all of them again: a failing migration fails the run here.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL
  let serverUrl: string
  let stopServer = async () => {}
  if (external) {
    serverUrl = external
  } else {
    // Per-run folder and port, so runs started side by side never share a cluster.
    const dataDir = path.resolve(`.tmp/test-postgres-${process.pid}`)
    rmSync(dataDir, { recursive: true, force: true })
    const port = await freePort()
    const server = await startEmbeddedPostgres({ dataDir, port, persistent: false })
    serverUrl = server.url('postgres')
    stopServer = async () => {
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  // Per run, so runs side by side on one external server never share one.
  const template = `inkwell_template_${process.pid}`
  const dropTemplate = () => admin(serverUrl, `drop database if exists "${template}" with (force)`)
  try {
    await dropTemplate()
    await admin(serverUrl, `create database "${template}"`)
    const url = new URL(serverUrl)
    url.pathname = `/${template}`
    const handle = openDatabase(url.toString(), { max: 2 })
    try {
      await runMigrations(handle)
    } finally {
      // A template may have no one connected while it is copied.
      await handle.close()
    }
  } catch (error) {
    await stopServer()
    throw error
  }
  project.provide('pgServerUrl', serverUrl)
  project.provide('pgTemplate', template)
  return async () => {
    if (external) await dropTemplate()
    await stopServer()
  }
}
