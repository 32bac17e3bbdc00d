import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/*
 * Which server test files use PostgreSQL, decided from their imports, so a new test lands in
 * the right Vitest project without anyone listing it (vitest.config.ts). A file uses it when it
 * imports the test database or the harness, directly or through another helper of
 * src/server/test/, or starts an embedded cluster of its own. Any other file runs in the
 * project that starts no PostgreSQL; one that reaches the database some other way fails
 * there at once, because createTestDatabase has no server to use (database.ts).
 */

const SERVER = 'src/server'
/** What starts or hands out a database: a test that reaches one of these needs PostgreSQL. */
const DATABASE_MODULES = ['src/server/test/database.ts', 'src/server/db/embedded.ts']
/** Helpers followed through: a test using the harness through them still needs PostgreSQL. */
const HELPERS = 'src/server/test/'

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return filesUnder(file, keep)
    return keep(entry.name) ? [file] : []
  })
}

/** The project files `file` imports at run time (`import type` brings nothing), by path. */
function importsOf(root: string, file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8')
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'"]*?from\s+['"](\.[^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!)
  return specifiers.map((specifier) =>
    path.normalize(path.join(path.dirname(file), specifier.replace(/\.js$/, '.ts'))),
  )
}

/** Server test files (relative to `root`) that use PostgreSQL; every other one does not. */
export function databaseTestFiles(root: string): string[] {
  const needs = new Map<string, boolean>()
  const usesDatabase = (file: string, seen: Set<string>): boolean => {
    if (DATABASE_MODULES.includes(file)) return true
    const known = needs.get(file)
    if (known !== undefined) return known
    if (seen.has(file)) return false
    seen.add(file)
    const answer = importsOf(root, file).some(
      (imported) =>
        DATABASE_MODULES.includes(imported) ||
        (imported.startsWith(HELPERS) && usesDatabase(imported, seen)),
    )
    needs.set(file, answer)
    return answer
  }
  return filesUnder(path.join(root, SERVER), (name) => name.endsWith('.test.ts'))
    .map((file) => path.relative(root, file))
    .filter((file) => usesDatabase(file, new Set()))
    .sort()
}
