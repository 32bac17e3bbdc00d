/**
 * Delivery between the stand-in's own accounts. emulate files a sent message only in the
 * sender's mailbox; Gmail also delivers it to every recipient. The Google guard does that
 * for recipients that are accounts of the same stand-in (alex → sam in the demo), with
 * `messages.import` as the recipient, so it lands in their Inbox, unread, with a history
 * record, as a real delivery does.
 */

/** The message's header block, folded lines joined. */
function headerBlock(mime: string): string {
  const end = mime.search(/\r?\n\r?\n/)
  return (end === -1 ? mime : mime.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ')
}

/** The addresses in the message's To, Cc and Bcc headers, lower case, each once. */
export function addressedTo(mime: string): string[] {
  const found = new Set<string>()
  for (const line of headerBlock(mime).split(/\r?\n/)) {
    const header = /^(to|cc|bcc):(.*)$/i.exec(line)
    if (!header) continue
    // A display name may be quoted or encoded; the addresses are plain.
    for (const address of header[2]!.match(/[^\s<>,;:"()]+@[^\s<>,;:"()]+/g) ?? []) {
      found.add(address.toLowerCase())
    }
  }
  return [...found]
}

/** What a recipient receives: the message without its Bcc header, which Gmail strips. */
export function withoutBcc(mime: string): string {
  const end = mime.search(/\r?\n\r?\n/)
  const head = end === -1 ? mime : mime.slice(0, end)
  const rest = end === -1 ? '' : mime.slice(end)
  const eol = head.includes('\r\n') ? '\r\n' : '\n'
  let inBcc = false
  const kept = head.split(/\r?\n/).filter((line) => {
    // A folded line goes with the header it continues.
    if (/^[ \t]/.test(line)) return !inBcc
    inBcc = /^bcc:/i.test(line)
    return !inBcc
  })
  return kept.join(eol) + rest
}

/**
 * The accounts of `accounts` a message `sender` sent reaches: those it names, except the
 * sender (Gmail keeps a message to oneself as one message).
 */
export function localRecipients(
  mime: string,
  sender: string,
  accounts: readonly string[],
): string[] {
  const known = new Set(accounts.map((a) => a.toLowerCase()))
  return addressedTo(mime).filter(
    (address) => known.has(address) && address !== sender.toLowerCase(),
  )
}
