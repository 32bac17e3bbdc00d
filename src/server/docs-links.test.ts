import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * The docs must tell the truth about the code: a comment that says "decision 037" sends a reader
 * to a record, and a link in docs/ sends them to a file. Both rot silently when a record is
 * renumbered or a file moves (issue 26 found a link to a missing file and a decision "D16" that was
 * 014). These checks read the tree as it is when they run, so records being added alongside are
 * checked as soon as their files exist.
 */

const root = path.resolve(import.meta.dirname, '../..')
const decisionsDir = path.join(root, 'docs/decisions')

/** Every file under `dir` (relative to the root) whose name passes `keep`; no node_modules. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const start = path.join(root, dir)
  if (!existsSync(start)) return []
  if (statSync(start).isFile()) return [start]
  const found: string[] = []
  for (const entry of readdirSync(start, { withFileTypes: true, recursive: true })) {
    const full = path.join(entry.parentPath, entry.name)
    if (!entry.isFile() || full.includes(`${path.sep}node_modules${path.sep}`)) continue
    if (keep(entry.name)) found.push(full)
  }
  return found
}

/** Record numbers (`"001"`) of the files in docs/decisions/ named NNN-title.md. */
function recordFiles(): Map<string, string> {
  const records = new Map<string, string>()
  for (const name of readdirSync(decisionsDir)) {
    const number = /^(\d{3})-.+\.md$/.exec(name)?.[1]
    if (number) records.set(number, name)
  }
  return records
}

/**
 * The record numbers a text cites: "decision 037", "decisions 010 and 015", "decisions 030, 011
 * and 045", "docs/decisions/019-…", and a record's "superseded (in part) by 018" or
 * "corrected by 044" (said only inside docs/decisions/).
 */
function citedRecords(text: string, inDecisions = false): string[] {
  const cited: string[] = []
  const lists =
    /\bdecisions?\s+(\d{1,3}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)\d{1,3}\b)*)/gi
  for (const match of text.matchAll(lists)) cited.push(...(match[1]?.match(/\d{1,3}/g) ?? []))
  for (const match of text.matchAll(/docs\/decisions\/(\d{1,3})\b/g)) cited.push(match[1] ?? '')
  if (inDecisions) {
    const changes =
      /\b(?:superseded|corrected|amended)(?:\s+in\s+part)?\s+by\s+(?:decisions?\s+)?\[?(\d{3})\b/gi
    for (const match of text.matchAll(changes)) cited.push(match[1] ?? '')
  }
  return cited.map((number) => number.padStart(3, '0'))
}

/** Markdown text without fenced code blocks or inline code, where a `[x](y)` is not a link. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '')
}

/** The relative targets of a markdown file's links: inline `[x](y)` and reference `[x]: y`. */
function relativeLinks(markdown: string): string[] {
  const text = withoutCode(markdown)
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)].map((m) => m[1] ?? ''),
    ...[...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1] ?? ''),
  ]
  return targets
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURI(target.split(/[#?]/)[0] ?? ''))
    .filter((target) => target !== '')
}

describe('citedRecords and relativeLinks read what a reader would follow', () => {
  it('finds single citations, lists, paths and supersession', () => {
    expect(citedRecords('see decision 37 and (decisions 010 and 015)')).toEqual([
      '037',
      '010',
      '015',
    ])
    expect(citedRecords('decisions 030, 011 and 045; docs/decisions/019-jobs.md')).toEqual([
      '030',
      '011',
      '045',
      '019',
    ])
    expect(citedRecords('*Superseded in part by 018: …*', true)).toEqual(['018'])
    expect(citedRecords('Superseded by [007](007-x.md)', true)).toEqual(['007'])
    expect(citedRecords('superseded by 018', false)).toEqual([])
  })

  it('keeps relative links, leaves out web links, anchors and code', () => {
    const markdown = [
      '[a](decisions/001-x.md#why) [b](https://example.com) [c](#top) [d](../README.md "t")',
      '`[e](not-a-link.md)`',
      '```',
      '[f](also-not.md)',
      '```',
      '[g]: ./ref.md',
    ].join('\n')
    expect(relativeLinks(markdown)).toEqual(['decisions/001-x.md', '../README.md', './ref.md'])
  })
})

describe('decision records', () => {
  const records = recordFiles()

  it('each says its status near its title: accepted, or superseded by a record that exists', () => {
    expect(records.size).toBeGreaterThan(0)
    const problems: string[] = []
    for (const [number, name] of records) {
      const head = readFileSync(path.join(decisionsDir, name), 'utf8').split('\n').slice(0, 12)
      const line = head.find((text) => /^[*_\s]*status[*_\s]*:/i.test(text))
      if (!line) {
        problems.push(`${name}: no "Status:" line under the title`)
        continue
      }
      if (!/\b(accepted|superseded|proposed|deprecated)\b/i.test(line))
        problems.push(`${name}: status is neither accepted nor superseded: ${line}`)
      for (const by of line.match(/\b\d{3}\b/g) ?? [])
        if (by !== number && !records.has(by))
          problems.push(`${name}: status names ${by}, which does not exist`)
    }
    expect(problems).toEqual([])
  })

  it('docs/decisions/README.md indexes each record in one line that links to it', () => {
    const index = readFileSync(path.join(decisionsDir, 'README.md'), 'utf8').split('\n')
    const missing = [...records].filter(([number, name]) => {
      const entries = index.filter((line) => line.includes(`(${name})`))
      return entries.length !== 1 || !entries[0]?.includes(`[${number}]`)
    })
    expect(missing.map(([, name]) => name)).toEqual([])
  })
})

describe('citations and links', () => {
  it('every "decision NNN" in the code, scripts, tests, benches, settings and docs exists', () => {
    const records = recordFiles()
    const source = /\.(ts|tsx|mts|mjs|js|cjs|css|html|md|json|sh)$/
    const files = [
      ...['src', 'scripts', 'e2e', 'bench'].flatMap((dir) =>
        filesUnder(dir, (n) => source.test(n)),
      ),
      ...filesUnder('.env.example', () => true),
      ...filesUnder('README.md', () => true),
      ...filesUnder('docs', (name) => name.endsWith('.md')),
    ]
    expect(files.length).toBeGreaterThan(100)
    const broken: string[] = []
    for (const file of files) {
      const inDecisions = path.dirname(file) === decisionsDir
      for (const number of citedRecords(readFileSync(file, 'utf8'), inDecisions))
        if (!records.has(number)) broken.push(`${path.relative(root, file)} cites ${number}`)
    }
    expect(broken).toEqual([])
  })

  it('every relative link in docs/ and README.md resolves to a file', () => {
    const markdown = [
      path.join(root, 'README.md'),
      ...filesUnder('docs', (name) => name.endsWith('.md')),
    ]
    const broken: string[] = []
    for (const file of markdown)
      for (const target of relativeLinks(readFileSync(file, 'utf8'))) {
        const resolved = target.startsWith('/')
          ? path.join(root, target)
          : path.resolve(path.dirname(file), target)
        if (!existsSync(resolved)) broken.push(`${path.relative(root, file)} → ${target}`)
      }
    expect(broken).toEqual([])
  })
})
