import { z } from 'zod'

/** A UTF-16 surrogate that is not half of a pair (with the u flag a pair reads as one code point). */
const LONE_SURROGATE = /\p{Cs}/u

/**
 * Why `value` cannot be accepted as text, or null when it can. PostgreSQL's `text` refuses
 * NUL outright, and a lone surrogate is not Unicode at all: it cannot become UTF-8 for the
 * database, a MIME header or Gmail without being silently replaced.
 */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters'
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode (it has a lone surrogate)'
  return null
}

type Visit = { value: object; key?: PropertyKey; parent?: Visit }

function pathOf(visit: Visit | undefined, key?: PropertyKey): PropertyKey[] {
  const reversed = key === undefined ? [] : [key]
  for (let v = visit; v?.key !== undefined; v = v.parent) reversed.push(v.key)
  return reversed.reverse()
}

/**
 * Every string of a request, at any depth and in keys too, must be text `textProblem` accepts;
 * the issue names the first field that is not. The server puts this in front of every route's
 * schema, so no schema has to remember it. The walk is iterative and builds a path only for
 * the field it reports, so a deeply nested or huge JSON body cannot overflow the stack.
 */
export const SafeTextInputSchema = z.unknown().superRefine((input, ctx) => {
  const report = (value: string, problem: string, path: PropertyKey[]) =>
    ctx.addIssue({ code: 'custom', message: problem, path, input: value })
  if (typeof input === 'string') {
    const problem = textProblem(input)
    if (problem) report(input, problem, [])
    return
  }
  if (typeof input !== 'object' || input === null) return
  const pending: Visit[] = [{ value: input }]
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    // Arrays by index: Object.entries would copy a huge array into as many pairs first.
    const keys: Iterable<PropertyKey> = Array.isArray(visit.value)
      ? visit.value.keys()
      : Object.keys(visit.value)
    for (const key of keys) {
      if (typeof key === 'string') {
        const keyProblem = textProblem(key)
        if (keyProblem) return report(key, `has a key that ${keyProblem}`, pathOf(visit))
      }
      const item: unknown = (visit.value as Record<PropertyKey, unknown>)[key]
      if (typeof item === 'string') {
        const problem = textProblem(item)
        if (problem) return report(item, problem, pathOf(visit, key))
      } else if (typeof item === 'object' && item !== null) {
        pending.push({ value: item, key, parent: visit })
      }
    }
  }
})
