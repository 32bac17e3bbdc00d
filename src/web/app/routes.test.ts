import { describe, expect, it } from 'vitest'
import { APP_PATHS, isAppPath } from '../../contract/site'
import { SYSTEM_VIEWS } from '../features/mail/mailbox/views'
import routeTable from './routes.tsx?raw'

describe('the app routes the server knows', () => {
  // The server answers any other address 404 (app.ts): a route missing from APP_PATHS would
  // still render, but be said not to exist.
  it('include every path of the route table and every mailbox view', () => {
    const tablePaths = [...routeTable.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]!)
    expect(tablePaths.length).toBeGreaterThan(15)
    const viewPaths = SYSTEM_VIEWS.map((view) => view.path)
    for (const path of [...tablePaths, ...viewPaths]) {
      expect(APP_PATHS as readonly string[], path).toContain(path)
    }
  })

  it('match a label of any id, and nothing the app has no page for', () => {
    expect(isAppPath('/app/label/Label_12')).toBe(true)
    expect(isAppPath('/contacts/')).toBe(true)
    for (const path of ['/app/label/', '/app/label/a/b', '/inbox/thread-1', '/nope', '/api']) {
      expect(isAppPath(path), path).toBe(false)
    }
  })
})
