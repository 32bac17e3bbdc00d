/**
 * How people are named on screen, everywhere in mail (issue 25): as Gmail does, the user is
 * "me" in lists and in a message's recipients, and by their display name as a message's
 * sender; everyone else by name, else by address. The list row and its accessible name use the
 * same text. Type imports only: the list row is on the inbox's first paint (decision 036).
 */
import type { Address } from '../../../contract/mail'

/** The signed-in user, as the session knows them. */
export type Me = { email: string; name: string }

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** Whether `email` is the user's own address. */
export const isMe = (email: string, me: Me) => me.email !== '' && same(email, me.email)

/** A person by name, else by address; the user is "me". */
export function listName(person: Address, me: Me): string {
  if (isMe(person.email, me)) return 'me'
  return person.name.trim() || person.email || '(unknown sender)'
}

/** A person by first name (a conversation with several people), the user as "me". */
function firstName(person: Address, me: Me): string {
  if (isMe(person.email, me)) return 'me'
  return person.name.trim().split(/\s+/)[0] || person.email || '(unknown sender)'
}

/**
 * Who a list row names: its one correspondent by full name ("Ana Lopez", or "me" when only the
 * user wrote), or everyone who wrote by first name in the order they first wrote ("Ana, me").
 */
export function describeSenders(thread: { participants: Address[]; sender: Address }, me: Me) {
  const people = thread.participants.length > 0 ? thread.participants : [thread.sender]
  if (people.length === 1) return listName(people[0]!, me)
  return people.map((p) => firstName(p, me)).join(', ')
}

/** 'me', 'me, Sam Rivera', 'Sam Rivera, Kim': a message's recipients. */
export function describeRecipients(addresses: Address[], me: Me): string {
  return addresses.map((a) => listName(a, me)).join(', ')
}

/**
 * A message's sender in the viewer: the user by their display name (never "me", and never
 * the bare address when the session knows their name), others by name, else by address.
 */
export function senderName(sender: Address, me: Me): string {
  if (isMe(sender.email, me) && me.name.trim()) return me.name.trim()
  return sender.name.trim() || sender.email || '(unknown sender)'
}
