import type { z } from 'zod'
import {
  CONTACT_PROFILE_PRO_MESSAGE,
  ContactSchema,
  type Contact,
  type ContactInputSchema,
  type ContactSuggestion,
} from '../../../contract/contacts.js'
import type { UserRow } from '../../db/schema.js'
import { Conflict, Forbidden, NotFound } from '../../lib/errors.js'
import { isProActive } from '../billing/plan.js'
import type { MailService } from '../mail/service.js'
import {
  isDuplicateContactEmail,
  isMissingWritingProfile,
  type ContactRow,
  type ContactsRepository,
} from './repository.js'

/** A contact as the Add/Edit dialog sends it, after validation (defaults applied). */
export type ContactValuesInput = z.output<typeof ContactInputSchema>

export type ContactsServiceDeps = {
  repo: ContactsRepository
  /** Who the user writes to most, from their sent mail (the onboarding's suggestions). */
  mail: Pick<MailService, 'topCorrespondents'>
  /** The clock a Pro plan's end is read against; tests set the date. */
  now?: () => Date
}

/** Who saves a contact: its owner, and the plan that says whether Pro fields may change. */
export type ContactOwner = Pick<UserRow, 'id' | 'plan' | 'proExpiration'>

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
const noSuchProfile = () =>
  new NotFound(
    'writingProfileId: You have no writing profile with this id',
    'writing_profile_not_found',
  )

export function createContactsService({ repo, mail, now = () => new Date() }: ContactsServiceDeps) {
  /**
   * Runs a write and turns the database's refusals into answers (no racy pre-check): a second
   * contact with the e-mail is the 409, a writing profile deleted since it was checked the 404.
   */
  async function guardWrite<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (isDuplicateContactEmail(error)) throw duplicate()
      if (isMissingWritingProfile(error)) throw noSuchProfile()
      throw error
    }
  }

  /**
   * A contact's own writing profile (decision 050) may be chosen only on Pro, and only among the
   * user's own profiles. Keeping what is stored, or going back to the default (null), is open
   * to everyone: a user back on Free keeps the choice made on Pro, and may drop it.
   */
  async function checkWritingProfile(
    owner: ContactOwner,
    chosen: string | null | undefined,
    stored: string | null,
  ): Promise<void> {
    if (chosen === undefined || chosen === null || chosen === stored) return
    if (!isProActive(owner, now())) throw new Forbidden(CONTACT_PROFILE_PRO_MESSAGE, 'pro_required')
    if (!(await repo.ownsWritingProfile(owner.id, chosen))) throw noSuchProfile()
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

    /**
     * The people the user writes to most (from their own sent mail), each with their saved
     * contact if they have one, so a first preference can be set for them in one step.
     */
    async suggestions(user: UserRow, limit: number): Promise<ContactSuggestion[]> {
      const top = await mail.topCorrespondents(user, limit)
      const saved = new Map((await repo.list(user.id)).map((row) => [row.email.toLowerCase(), row]))
      return top.map((person) => {
        const row = saved.get(person.email)
        return {
          ...person,
          name: person.name || row?.name || '',
          contact: row ? toContact(row) : null,
        }
      })
    },

    /** Adds a dated note to the contact's memory after an AI-assisted send (decision 034). */
    async appendMemory(userId: string, id: string, line: string): Promise<void> {
      await repo.appendMemory(userId, id, line, MAX_MEMORY_CHARS)
    },

    async create(owner: ContactOwner, input: ContactValuesInput): Promise<Contact> {
      await checkWritingProfile(owner, input.writingProfileId, null)
      return toContact(await guardWrite(() => repo.insert(owner.id, input)))
    },

    async update(owner: ContactOwner, id: string, input: ContactValuesInput): Promise<Contact> {
      if (input.writingProfileId) {
        const stored = await repo.find(owner.id, id)
        if (!stored) throw notFound()
        await checkWritingProfile(owner, input.writingProfileId, stored.writingProfileId)
      }
      const row = await guardWrite(() => repo.update(owner.id, id, input))
      if (!row) throw notFound()
      return toContact(row)
    },

    async delete(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw notFound()
    },
  }
}

export type ContactsService = ReturnType<typeof createContactsService>
