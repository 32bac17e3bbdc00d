import type { z } from 'zod'
import { AccountExportSchema, type AccountExport } from '../../../contract/account.js'
import type { OnboardingState, OnboardingUpdate } from '../../../contract/auth.js'
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults.js'
import {
  UserSettingsSchema,
  type UpdateUserSettingsSchema,
  type UserSettings,
} from '../../../contract/settings.js'
import type { UserRow } from '../../db/schema.js'
import { NotFound } from '../../lib/errors.js'
import type { AuthService } from '../auth/service.js'
import type { BillingService } from '../billing/service.js'
import type { ContactsService } from '../contacts/service.js'
import type { ProfilesService } from '../profiles/service.js'
import { toTicket } from '../support/service.js'
import { toTemplate } from '../templates/service.js'
import type { AccountRepository, UserSettingsRow } from './repository.js'

export type SettingsChanges = z.output<typeof UpdateUserSettingsSchema>

export type AccountServiceDeps = {
  repo: AccountRepository
  auth: Pick<AuthService, 'revokeGoogleGrant' | 'endAllSessions'>
  billing: Pick<BillingService, 'cancelSubscriptions'>
  contacts: Pick<ContactsService, 'list'>
  profiles: Pick<ProfilesService, 'list'>
}

function toSettings(row: UserSettingsRow): UserSettings {
  // Parsing narrows the text columns to the option sets and drops userId and updatedAt.
  return UserSettingsSchema.parse(row)
}

const iso = (date: Date) => date.toISOString()
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null)

/** The user's settings, the data export and account deletion (decision 035). */
export function createAccountService({
  repo,
  auth,
  billing,
  contacts,
  profiles,
}: AccountServiceDeps) {
  async function getSettings(userId: string): Promise<UserSettings> {
    const row = await repo.findSettings(userId)
    return row ? toSettings(row) : { ...DEFAULT_SETTINGS }
  }

  return {
    /** The saved settings, or the defaults while the user has never saved any. */
    getSettings,

    /** Saves the given fields; the others keep their saved (or default) values. */
    async updateSettings(userId: string, changes: SettingsChanges): Promise<UserSettings> {
      return toSettings(await repo.upsertSettings(userId, DEFAULT_SETTINGS, changes))
    },

    /**
     * Records that the onboarding was shown (`tutorialSeen`) or finished or skipped
     * (`completed`), so it opens by itself once per user.
     */
    async markOnboarding(userId: string, update: OnboardingUpdate): Promise<OnboardingState> {
      const state = await repo.markOnboarding(userId, {
        ...(update.completed ? { hasCompletedOnboarding: true } : {}),
        ...(update.tutorialSeen ? { hasSeenTutorial: true } : {}),
      })
      // The session's user was found a moment ago: only a concurrent Delete Account gets here.
      if (!state) throw new NotFound('No such user')
      return state
    },

    /**
     * Everything Inkwell stores for the user. Each field is listed on purpose: tokens,
     * the Google id, sessions and payment-provider ids never leave the server, and the
     * final parse drops anything a schema does not name.
     */
    async exportData(user: UserRow, now = new Date()): Promise<AccountExport> {
      const [settings, contactList, profileList, drafts, ticketRows, templateRows] =
        await Promise.all([
          getSettings(user.id),
          contacts.list(user.id),
          profiles.list(user.id),
          repo.listAiDrafts(user.id),
          repo.listTickets(user.id),
          repo.listTemplates(user.id),
        ])
      return AccountExportSchema.parse({
        exportedAt: iso(now),
        profile: {
          id: user.id,
          name: user.name,
          email: user.email,
          username: user.username,
          avatar: user.avatar,
          plan: user.plan,
          proExpiration: isoOrNull(user.proExpiration),
          gmailConnected: user.gmailConnected,
          aiEmailsUsedThisMonth: user.aiEmailsUsedThisMonth,
          lastUsageReset: iso(user.lastUsageReset),
          hasCompletedOnboarding: user.hasCompletedOnboarding,
          hasSeenTutorial: user.hasSeenTutorial,
          createdAt: iso(user.createdAt),
        },
        settings,
        contacts: contactList,
        writingProfiles: profileList,
        aiDrafts: drafts.map((d) => ({
          id: d.id,
          contactId: d.contactId,
          writingProfileId: d.writingProfileId,
          userInput: d.userInput,
          aiDraft: d.aiDraft,
          finalVersion: d.finalVersion,
          subject: d.subject,
          status: d.status,
          createdAt: iso(d.createdAt),
          updatedAt: iso(d.updatedAt),
        })),
        tickets: ticketRows.map(toTicket),
        templates: templateRows.map(toTemplate),
      })
    },

    /**
     * Deletes the account and everything that belongs to it (the foreign keys cascade, its
     * sessions included), then revokes the Google grant with the tokens the row held. The
     * row goes first: deleting is what the user asked for, and revoking is best effort.
     * A paid subscription is cancelled before anything: if that fails, nothing is deleted,
     * since a deleted account must not go on being charged.
     */
    async deleteAccount(user: UserRow): Promise<void> {
      await billing.cancelSubscriptions(user)
      const deleted = await repo.deleteUser(user.id)
      // The sessions went with the row; this also forgets them in this instance's memory.
      await auth.endAllSessions(user.id)
      if (deleted) await auth.revokeGoogleGrant(deleted)
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
