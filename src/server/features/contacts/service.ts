import type { z } from 'zod'
import { ContactSchema, type Contact, type ContactInputSchema } from '../../../contract/contacts.js'
import { Conflict, NotFound } from '../../lib/errors.js'
import { isDuplicateContactEmail, type ContactRow, type ContactsRepository } from './repository.js'

/** A contact as the Add/Edit dialog sends it, after validation (defaults applied). */
export type ContactValuesInput = z.output<typeof ContactInputSchema>

export type ContactsServiceDeps = { repo: ContactsRepository }

export function toContact(row: ContactRow): Contact {
  // Parsing narrows the text columns to the option sets and drops the owner id.
  return ContactSchema.parse({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  })
}

/** The contact form's limit on the memory field (contract/contacts.ts). */
const MAX_MEMORY_CHARS = 5000

const notFound = () => new NotFound('Contact not found')
const duplicate = () => new Conflict('A contact with this email already exists', 'contact_exists')

export function createContactsService({ repo }: ContactsServiceDeps) {
  /** Runs a write and turns the database's unique violation into the 409 (no racy pre-check). */
  async function guardEmail<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (isDuplicateContactEmail(error)) throw duplicate()
      throw error
    }
  }

  return {
    async list(userId: string): Promise<Contact[]> {
      return (await repo.list(userId)).map(toContact)
    },

    /** One of the user's contacts; another user's id is "not found", never "forbidden". */
    async get(userId: string, id: string): Promise<Contact> {
      const row = await repo.find(userId, id)
      if (!row) throw notFound()
      return toContact(row)
    },

    /** The user's contact with this address (any case), or null: used to tune smart replies. */
    async findByEmail(userId: string, email: string): Promise<Contact | null> {
      const row = await repo.findByEmail(userId, email)
      return row ? toContact(row) : null
    },

    /** Adds a dated note to the contact's memory after an AI-assisted send (decision 034). */
    async appendMemory(userId: string, id: string, line: string): Promise<void> {
      await repo.appendMemory(userId, id, line, MAX_MEMORY_CHARS)
    },

    async create(userId: string, input: ContactValuesInput): Promise<Contact> {
      return toContact(await guardEmail(() => repo.insert(userId, input)))
    },

    async update(userId: string, id: string, input: ContactValuesInput): Promise<Contact> {
      const row = await guardEmail(() => repo.update(userId, id, input))
      if (!row) throw notFound()
      return toContact(row)
    },

    async delete(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw notFound()
    },
  }
}

export type ContactsService = ReturnType<typeof createContactsService>
