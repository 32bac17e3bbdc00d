/**
 * What a draft is written from (decision 034): the recipient's saved preferences, or the
 * Settings defaults when there is no contact; the default writing profile; the recent
 * conversation with them, trimmed to its budget; and the user's request or the e-mail answered.
 */
import { randomInt } from 'node:crypto'
import type { Contact } from '../../../contract/contacts.js'
import { DEFAULT_GREETING, DEFAULT_SIGNOFF } from '../../../contract/options.js'
import type { UserRow } from '../../db/schema.js'
import { firstAddress } from './memory-note.js'
import { trimConversation, type WritingBrief } from './prompt.js'
import type { AiServiceDeps, Generation } from './service.js'

/** Messages read from the cache for the conversation memory, before the token budget cuts. */
const CONVERSATION_MESSAGES = 20

export function createBriefs({
  contacts,
  profiles,
  settings,
  mail,
}: Pick<AiServiceDeps, 'contacts' | 'profiles' | 'settings' | 'mail'>) {
  /** Everything the draft is written from, in decision 034's order; 404 for another user's contact. */
  return async function briefFor(user: UserRow, generation: Generation) {
    const { input } = generation
    // The viewer may pass the From header as it is ("Ana <ana@example.com>").
    const senderEmail =
      generation.kind === 'smart-reply' ? firstAddress(generation.input.senderEmail ?? '') : null
    let contact: Contact | null = null
    if (input.contactId) contact = await contacts.get(user.id, input.contactId)
    else if (senderEmail) contact = await contacts.findByEmail(user.id, senderEmail)

    const [profile, defaults] = await Promise.all([
      profiles.getDefault(user.id),
      contact ? null : settings.getSettings(user.id),
    ])
    const recipient: WritingBrief['recipient'] = contact
      ? {
          name: contact.name,
          email: contact.email,
          tone: contact.tone,
          formality: contact.formality,
          language: contact.language,
          greeting: contact.greeting,
          signoff: contact.signoff,
          memory: contact.memory,
          context: contact.context,
          source: 'contact',
        }
      : {
          // No saved contact: the Settings defaults (decision 034); the request's own values, then
          // the spec's fixed ones, only where Settings has no such field.
          name: input.contactName || null,
          email: senderEmail || null,
          tone: defaults!.defaultTone,
          language: defaults!.defaultLanguage,
          formality: input.formality ?? 'formal',
          greeting: input.greeting || DEFAULT_GREETING,
          signoff: input.signoff || DEFAULT_SIGNOFF,
          memory: null,
          context: null,
          source: 'settings',
        }
    const recent = await mail.recentConversation(
      user.id,
      { email: recipient.email, threadId: input.threadId ?? null },
      CONVERSATION_MESSAGES,
    )
    const brief: WritingBrief = {
      kind: generation.kind,
      senderName: user.name,
      recipient,
      profile: profile && {
        tone: profile.tone,
        style: profile.style,
        vocabulary: profile.vocabulary,
        sentenceStructure: profile.sentenceStructure,
        personalityTraits: profile.personalityTraits,
        commonPhrases: profile.commonPhrases,
        avoidPhrases: profile.avoidPhrases,
        signatureStyle: profile.signatureStyle,
        exampleText: profile.exampleText,
      },
      conversation: trimConversation(
        recent.map((m) => ({
          from: m.from,
          date: m.date.toISOString().slice(0, 10),
          text: m.text,
        })),
      ),
      request: generation.kind === 'generate-email' ? generation.input.userInput : null,
      originalEmail: generation.kind === 'smart-reply' ? generation.input.originalEmailBody : null,
      subject: generation.kind === 'generate-email' ? (generation.input.subject ?? null) : null,
      instruction: null,
      refine: null,
      variation: randomInt(1_000_000),
    }
    return { brief, contactId: contact?.id ?? null, profileId: profile?.id ?? null }
  }
}
