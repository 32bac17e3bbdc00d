import type { Thread } from '../../../contract/mail'

// Lowercased once per thread object: the list can hold 10,000 threads and every keystroke
// scans them all. A changed thread is a new object, so the cache never goes stale.
const haystacks = new WeakMap<Thread, string>()

function haystack(thread: Thread): string {
  let text = haystacks.get(thread)
  if (text === undefined) {
    text = [thread.subject, thread.sender.name, thread.sender.email, thread.snippet, thread.body]
      .join('\n')
      .toLowerCase()
    haystacks.set(thread, text)
  }
  return text
}

/**
 * The client-side search of spec section 5: loaded threads whose subject, sender name, sender
 * e-mail, snippet or body contains the query, ignoring case.
 */
export function filterThreads(threads: Thread[], query: string): Thread[] {
  const needle = query.trim().toLowerCase()
  if (!needle) return threads
  return threads.filter((thread) => haystack(thread).includes(needle))
}
