/**
 * How people are named on screen, everywhere in mail (issue 25): as Gmail does, the user is
 * "me" in lists and in a message's recipients, and by their display name as a message's
 * sender; everyone else by name, else by address. The list row and its accessible name use the
 * same text. Nothing here loads zod: the list row is on the inbox's first paint (decision 036).
 */
import type { Address } from '../../../contract/mail'
import { parseAddressList as parseAddresses } from './compose/addresses'

/** The signed-in user, as the session knows them. */
export type Me = { email: string; name: string }

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** Whether `email` is the user's own address. */
export const isMe = (email: string, me: Me) => me.email !== '' && same(email, me.email)

/**
 * Names the user knows people by, beyond what a header says: their contacts, by address in
 * lower case. A draft's or a scheduled message's "to" is often a bare address.
 */
export type KnownNames = ReadonlyMap<string, string>

/** The contacts' names by address, for `KnownNames`. */
export function knownNames(contacts: readonly { name: string; email: string }[] | undefined) {
  const names = new Map<string, string>()
  for (const { name, email } of contacts ?? []) {
    if (name.trim()) names.set(email.trim().toLowerCase(), name.trim())
  }
  return names as KnownNames
}

/** The header's name, else the contact's, else nothing. */
const nameOf = (person: Address, known?: KnownNames) =>
  person.name.trim() || known?.get(person.email.trim().toLowerCase()) || ''

/** A person by name, else by address; the user is "me". */
export function listName(person: Address, me: Me, known?: KnownNames): string {
  if (isMe(person.email, me)) return 'me'
  return nameOf(person, known) || person.email || '(unknown sender)'
}

/** A person by first name (a conversation with several people), the user as "me". */
function firstName(person: Address, me: Me, known?: KnownNames): string {
  if (isMe(person.email, me)) return 'me'
  const name = nameOf(person, known)
  // "López, Ana" is Ana.
  const comma = name.indexOf(',')
  const given = comma > 0 ? name.slice(comma + 1).trim() || name : name
  return given.split(/\s+/)[0] || person.email || '(unknown sender)'
}

/** One person in full, several by first name: "Ana López", "Ana, Ben, me". */
function namePeople(people: Address[], me: Me, known?: KnownNames): string {
  if (people.length === 1) return listName(people[0]!, me, known)
  return people.map((p) => firstName(p, me, known)).join(', ')
}

/**
 * Who a list row names: its one correspondent by full name ("Ana Lopez"), or everyone who
 * wrote by first name in the order they first wrote ("Ana, me"). When only the user wrote (Sent,
 * mostly) to someone else, whom they wrote to, as Gmail shows it: "To: Ana López", "To: Ana, me".
 * `recipient` is the latest message's To header.
 */
export function describeSenders(
  thread: { participants: Address[]; sender: Address; recipient?: string },
  me: Me,
) {
  const people = thread.participants.length > 0 ? thread.participants : [thread.sender]
  if (people.every((p) => isMe(p.email, me))) {
    // A note to self stays "me".
    const to = parseAddresses(thread.recipient ?? '')
    if (to.some((p) => !isMe(p.email, me))) return `To: ${namePeople(to, me)}`
  }
  return namePeople(people, me)
}

/** 'me', 'me, Sam Rivera', 'Sam Rivera, Kim': a message's recipients. */
export function describeRecipients(addresses: Address[], me: Me, known?: KnownNames): string {
  return addresses.map((a) => listName(a, me, known)).join(', ')
}

/**
 * Whom a draft or a scheduled message goes to, as its row names them: 'Ana López, me',
 * contacts by their names, others by address; '' when it has no recipient yet.
 */
export function describeAddressees(to: string | readonly string[], me: Me, known?: KnownNames) {
  const addresses = parseAddresses(typeof to === 'string' ? to : to.join(', '))
  return describeRecipients(addresses, me, known)
}

/**
 * The address the viewer prints after a sender's name, or null when the name already is that
 * address: "x@y <x@y>" says it twice.
 */
export function senderAddress(sender: Address, shownName: string): string | null {
  return same(shownName, sender.email) || !sender.email ? null : sender.email
}

/**
 * A message's sender in the viewer: the user by their display name (never "me", and never
 * the bare address when the session knows their name), others by name, else by address.
 */
export function senderName(sender: Address, me: Me): string {
  if (isMe(sender.email, me) && me.name.trim()) return me.name.trim()
  return sender.name.trim() || sender.email || '(unknown sender)'
}
