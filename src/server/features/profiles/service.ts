import type { z } from 'zod'
import {
  WritingProfileSchema,
  type WritingProfile,
  type WritingProfileInputSchema,
} from '../../../contract/profiles.js'
import { Conflict, NotFound } from '../../lib/errors.js'
import type { ProfilesRepository, WritingProfileRow } from './repository.js'

/** A profile as the create and edit dialogs send it, after validation. */
export type WritingProfileValuesInput = z.output<typeof WritingProfileInputSchema>

export type ProfilesServiceDeps = { repo: ProfilesRepository }

export function toWritingProfile(row: WritingProfileRow): WritingProfile {
  // Parsing narrows the text columns to the option sets and drops the owner id.
  return WritingProfileSchema.parse({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  })
}

const notFound = () => new NotFound('Writing profile not found')

/**
 * The rules of writing profiles the product spec sets: the first profile is the default, there is
 * exactly one default once a profile exists, and the default can be neither deleted nor
 * set as default again.
 */
export function createProfilesService({ repo }: ProfilesServiceDeps) {
  return {
    async list(userId: string): Promise<WritingProfile[]> {
      return (await repo.list(userId)).map(toWritingProfile)
    },

    /** One of the user's profiles; another user's id is "not found", never "forbidden". */
    async get(userId: string, id: string): Promise<WritingProfile> {
      const row = await repo.find(userId, id)
      if (!row) throw notFound()
      return toWritingProfile(row)
    },

    /** The profile that shapes the user's drafts (decision 034), or null when there is none. */
    async getDefault(userId: string): Promise<WritingProfile | null> {
      const row = await repo.findDefault(userId)
      return row ? toWritingProfile(row) : null
    },

    async create(userId: string, input: WritingProfileValuesInput): Promise<WritingProfile> {
      return toWritingProfile(await repo.insertDefaultIfNone(userId, input))
    },

    async update(
      userId: string,
      id: string,
      input: WritingProfileValuesInput,
    ): Promise<WritingProfile> {
      const row = await repo.update(userId, id, input)
      if (!row) throw notFound()
      return toWritingProfile(row)
    },

    async setDefault(userId: string, id: string): Promise<WritingProfile> {
      const outcome = await repo.setDefault(userId, id)
      if (outcome.status === 'not_found') throw notFound()
      if (outcome.status === 'already_default') {
        throw new Conflict('This profile is already the default', 'already_default')
      }
      return toWritingProfile(outcome.row)
    },

    async delete(userId: string, id: string): Promise<void> {
      const outcome = await repo.deleteUnlessDefault(userId, id)
      if (outcome === 'not_found') throw notFound()
      if (outcome === 'is_default') {
        throw new Conflict('The default profile cannot be deleted', 'default_profile')
      }
    },
  }
}

export type ProfilesService = ReturnType<typeof createProfilesService>
