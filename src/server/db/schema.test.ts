import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestDatabase } from '../test/database.js'
import { isUniqueViolation } from './errors.js'
import { aiDrafts, users, writingProfiles } from './schema.js'

let database: Awaited<ReturnType<typeof createTestDatabase>>
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => database?.drop())

/**
 * The unique constraint or index that refused `write`'s row: a write that succeeds, or fails
 * for any other reason (a typo in the query, a missing column), is not the rule being checked.
 */
async function refusedBy(write: PromiseLike<unknown>, constraint: string): Promise<string> {
  try {
    await write
  } catch (error) {
    return isUniqueViolation(error, constraint) ? constraint : String(error)
  }
  return 'accepted'
}

async function newUser(email: string) {
  const [user] = await database.db.insert(users).values({ email, name: email }).returning()
  return user!
}

describe('the data model', () => {
  it('applies the spec defaults to a new user', async () => {
    const user = await newUser('defaults@example.com')
    expect(user).toMatchObject({
      plan: 'free',
      gmailConnected: false,
      aiEmailsUsedThisMonth: 0,
      hasCompletedOnboarding: false,
      hasSeenTutorial: false,
    })
  })

  it('keeps payment subscription ids unique', async () => {
    await database.db
      .update(users)
      .set({ stripeSubscriptionId: 'sub_1' })
      .where(eq(users.email, 'defaults@example.com'))
    const other = await newUser('other@example.com')
    expect(
      await refusedBy(
        database.db
          .update(users)
          .set({ stripeSubscriptionId: 'sub_1' })
          .where(eq(users.id, other.id)),
        'users_stripe_subscription_id_unique',
      ),
    ).toBe('users_stripe_subscription_id_unique')
    // Its own id is still free to take.
    await database.db
      .update(users)
      .set({ stripeSubscriptionId: 'sub_2' })
      .where(eq(users.id, other.id))
    const [row] = await database.db.select().from(users).where(eq(users.id, other.id))
    expect(row!.stripeSubscriptionId).toBe('sub_2')
  })

  it('allows at most one default writing profile per user', async () => {
    const user = await newUser('profiles@example.com')
    const base = { userId: user.id, name: 'P', isDefault: true }
    await database.db.insert(writingProfiles).values(base)
    expect(
      await refusedBy(
        database.db.insert(writingProfiles).values(base),
        'writing_profiles_one_default_uq',
      ),
    ).toBe('writing_profiles_one_default_uq')
    // Other profiles of the same user, and another user's default, are allowed.
    await database.db.insert(writingProfiles).values({ ...base, isDefault: false })
    const someoneElse = await newUser('profiles-other@example.com')
    await database.db.insert(writingProfiles).values({ ...base, userId: someoneElse.id })
    const defaults = await database.db
      .select()
      .from(writingProfiles)
      .where(eq(writingProfiles.isDefault, true))
    expect(defaults.map((p) => p.userId).sort()).toEqual([user.id, someoneElse.id].sort())
  })

  it("clears a draft's profile when the profile is deleted, and deletes drafts with the user", async () => {
    const user = await newUser('drafts@example.com')
    const [profile] = await database.db
      .insert(writingProfiles)
      .values({ userId: user.id, name: 'Mine' })
      .returning()
    const [draft] = await database.db
      .insert(aiDrafts)
      .values({ userId: user.id, writingProfileId: profile!.id, userInput: 'ask', aiDraft: 'text' })
      .returning()
    expect(draft!.status).toBe('draft')
    await database.db.delete(writingProfiles).where(eq(writingProfiles.id, profile!.id))
    const [after] = await database.db.select().from(aiDrafts).where(eq(aiDrafts.id, draft!.id))
    expect(after!.writingProfileId).toBeNull()
    await database.db.delete(users).where(eq(users.id, user.id))
    expect(
      await database.db.select().from(aiDrafts).where(eq(aiDrafts.userId, user.id)),
    ).toHaveLength(0)
  })
})
