/**
 * What a draft is written from (decision 034): the recipient's saved preferences, or the
 * Settings defaults when there is no contact; the writing profile (the contact's own on Pro,
 * decision 050, else the default); the recent
 * conversation with them, trimmed to its budget; and the user's request, the e-mail answered
 * or the draft to refine.
 */
import { randomInt } from 'node:crypto'
import type { Contact } from '../../../contract/contacts.js'
import { DEFAULT_GREETING, DEFAULT_SIGNOFF, LETTER_DEFAULTS } from '../../../contract/options.js'
import type { WritingProfile } from '../../../contract/profiles.js'
import type { UserRow } from '../../db/schema.js'
import { AppError, NotFound } from '../../lib/errors.js'
import { isProActive } from '../billing/plan.js'
import { detectLanguage, stripQuotedHistory } from './mail-text.js'
import { firstAddress } from './memory-note.js'
import { trimConversation, type ConversationMessage, type WritingBrief } from './prompt.js'
import { profileForLanguage } from './style/profile-for-language.js'
import type { AiServiceDeps, BriefRequest } from './service.js'

/** Messages read from the cache for the conversation memory, before the token budget cuts. */
const CONVERSATION_MESSAGES = 20

/** What the service found before the brief: the draft a refine names, read and owned. */
export type Resolved = {
  refineText?: string
  draftContactId?: string | null
  /** The refined draft's subject, for the answer; the prompt does not need it. */
  draftSubject?: string | null
}

const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ') === b.replace(/\s+/g, ' ')

type Recipient = WritingBrief['recipient']

/**
 * No saved contact: the Settings defaults (decision 034), then the request's own values, then
 * the spec's fixed ones, only where Settings has no such field. The spec's fixed greeting and
 * sign-off are English ("Dear", "Best regards"): a letter in another language, with nobody
 * having chosen otherwise, opens and closes as that language does (LETTER_DEFAULTS), or a
 * Spanish reply would open "Dear Lucía:" and sign "Best regards".
 */
function withoutContact(
  input: BriefRequest['input'],
  language: Recipient['language'],
  who: Pick<Recipient, 'name' | 'email' | 'tone'>,
): Recipient {
  const formality = ('formality' in input ? input.formality : undefined) ?? 'formal'
  const own = LETTER_DEFAULTS[language][formality]
  const asked = (value: string | undefined, spec: string, theirs: string) =>
    !value || (value === spec && language !== 'english') ? theirs : value
  return {
    ...who,
    language,
    formality,
    greeting: asked(
      'greeting' in input ? input.greeting : undefined,
      DEFAULT_GREETING,
      own.greeting,
    ),
    signoff: asked('signoff' in input ? input.signoff : undefined, DEFAULT_SIGNOFF, own.signoff),
    memory: null,
    context: null,
    source: 'settings',
  }
}

export function createBriefs({
  contacts,
  profiles,
  settings,
  mail,
  now,
  log,
}: Pick<AiServiceDeps, 'contacts' | 'profiles' | 'settings' | 'mail' | 'now' | 'log'>) {
  /**
   * The profile a draft to `contact` is written with (decision 050): the contact's own while the
   * user is on Pro, else the default. A user back on Free keeps the choice stored but drafts
   * with the default; a profile deleted meanwhile (the column is cleared with it) does too.
   */
  async function profileFor(
    user: UserRow,
    contact: Contact | null,
  ): Promise<WritingProfile | null> {
    const chosen = contact?.writingProfileId
    if (chosen && isProActive(user, now())) {
      try {
        return await profiles.get(user.id, chosen)
      } catch (error) {
        if (!(error instanceof NotFound)) throw error
      }
    }
    return profiles.getDefault(user.id)
  }

  /**
   * The subject of a thread in the mail cache, for a reply whose caller did not send one. A
   * thread that cannot be read (not this user's, gone, Gmail unreachable) just gives none: the
   * subject helps the draft, it is not needed for it.
   */
  async function threadSubject(user: UserRow, threadId: string): Promise<string | null> {
    try {
      return (await mail.getThread(user, threadId)).subject || null
    } catch (error) {
      if (error instanceof AppError) log.info({ code: error.code }, 'no subject for the thread')
      else log.warn({ err: error }, 'reading the answered thread failed; no subject')
      return null
    }
  }

  /**
   * The recent messages with the recipient, without the history each one quotes (it is in the
   * thread already), and without the e-mail being answered, which the prompt carries itself.
   */
  async function conversationWith(
    userId: string,
    who: { email: string | null; threadId: string | null },
    answered: string | null,
  ): Promise<ConversationMessage[]> {
    const recent = await mail.recentConversation(userId, who, CONVERSATION_MESSAGES)
    const own = answered ? stripQuotedHistory(answered) : null
    return trimConversation(
      recent
        .map((m) => ({
          from: m.from,
          date: m.date.toISOString().slice(0, 10),
          text: stripQuotedHistory(m.text),
        }))
        .filter((m) => m.text && !(own && sameText(m.text, own))),
    )
  }

  /**
   * Everything the draft is written from, in decision 034's order; 404 for another user's
   * contact. The reply's language (decision 046): a saved contact's, else the language the
   * answered mail is written in, else Settings'; a refined draft keeps the language it is in.
   */
  return async function briefFor(user: UserRow, request: BriefRequest, resolved: Resolved = {}) {
    const { kind, input } = request
    const answered = kind === 'smart-reply' || kind === 'reply-options' ? input : null
    // The viewer may pass the From header as it is ("Ana <ana@example.com>").
    const senderEmail = answered ? firstAddress(answered.senderEmail ?? '') : null
    const contactId =
      ('contactId' in input ? input.contactId : undefined) ?? resolved.draftContactId
    let contact: Contact | null = null
    if (contactId) contact = await contacts.get(user.id, contactId)
    else if (senderEmail) contact = await contacts.findByEmail(user.id, senderEmail)

    const [savedProfile, defaults] = await Promise.all([
      profileFor(user, contact),
      contact && kind !== 'reply-options' ? null : settings.getSettings(user.id),
    ])
    const refineText = kind === 'refine' ? (resolved.refineText ?? input.text ?? '') : null
    const detected = refineText
      ? detectLanguage(refineText)
      : answered && !contact
        ? detectLanguage(answered.originalEmailBody)
        : null
    const recipient: WritingBrief['recipient'] = contact
      ? {
          name: contact.name,
          email: contact.email,
          tone: contact.tone,
          formality: contact.formality,
          language: detected ?? contact.language,
          greeting: contact.greeting,
          signoff: contact.signoff,
          memory: contact.memory,
          context: contact.context,
          source: 'contact',
        }
      : withoutContact(input, detected ?? defaults!.defaultLanguage, {
          name: ('contactName' in input ? input.contactName : undefined) || null,
          email: senderEmail || null,
          tone: defaults!.defaultTone,
        })

    // The profile as a draft in this language reads it: its section learned in that language
    // (decision 047).
    const profile = savedProfile && profileForLanguage(savedProfile, recipient.language)

    // Conversation memory helps a new e-mail and a reply; a rewrite and the free reply options
    // are written from the text in front of them.
    const conversation =
      kind === 'generate-email' || kind === 'smart-reply'
        ? await conversationWith(
            user.id,
            { email: recipient.email, threadId: input.threadId ?? null },
            answered?.originalEmailBody ?? null,
          )
        : []
    let subject: string | null = null
    if (kind === 'generate-email') subject = input.subject ?? null
    else if (answered) {
      subject =
        answered.subject ??
        (answered.threadId ? await threadSubject(user, answered.threadId) : null)
    }

    const brief: WritingBrief = {
      kind,
      senderName: user.name,
      signedBelow: ('signedBelow' in input && input.signedBelow) || false,
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
      conversation,
      request: kind === 'generate-email' ? input.userInput : null,
      originalEmail: answered?.originalEmailBody ?? null,
      subject,
      instruction: (kind === 'smart-reply' && input.instruction) || null,
      refine: kind === 'refine' ? { action: input.action, text: refineText ?? '' } : null,
      optionsLanguage: kind === 'reply-options' ? defaults!.defaultLanguage : null,
      // Asking again must give another draft: the offline writer varies by it, a model's own
      // sampling (its default temperature) does the rest.
      variation: randomInt(1_000_000),
    }
    return { brief, contactId: contact?.id ?? null, profileId: savedProfile?.id ?? null }
  }
}
