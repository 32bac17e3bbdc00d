import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { LearnedFromSentMail } from '../../../../contract/ai'
import type { CurrentUser, OnboardingState, OnboardingUpdate } from '../../../../contract/auth'
import type { Contact, ContactInput, ContactSuggestion } from '../../../../contract/contacts'
import type { ThreadList } from '../../../../contract/mail'
import type { WritingProfile } from '../../../../contract/profiles'
import { apiJson } from '../../../lib/api-client'
import { contactsKey } from '../../../lib/queries/contacts'
import { currentUserKey } from '../../../lib/queries/current-user'
import { writingProfilesKey } from '../../../lib/queries/writing-profiles'

/** The name the writing profile learned during the onboarding is saved under. */
export const LEARNED_PROFILE_NAME = 'My style (learned from sent mail)'

/**
 * Writes the onboarding's flags; the session's user carries them at once, so the onboarding
 * does not open again when the user query is read next.
 */
export function useMarkOnboarding() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (update: OnboardingUpdate) =>
      apiJson<OnboardingState>('PATCH', '/api/user/onboarding', update),
    onMutate: (update) => {
      // Said at once: a reload while the request is out must not bring it back on screen here.
      queryClient.setQueryData<CurrentUser | null>(currentUserKey, (user) =>
        user
          ? {
              ...user,
              hasCompletedOnboarding: user.hasCompletedOnboarding || Boolean(update.completed),
              hasSeenTutorial: user.hasSeenTutorial || Boolean(update.tutorialSeen),
            }
          : user,
      )
    },
    // The flags only ever turn on: an answer to an earlier request (the tour's "seen", sent as
    // it opens) must not turn off what a later one (Skip's "completed") has set here, or the
    // onboarding would open again.
    onSuccess: (state) =>
      queryClient.setQueryData<CurrentUser | null>(currentUserKey, (user) =>
        user
          ? {
              ...user,
              hasCompletedOnboarding: user.hasCompletedOnboarding || state.hasCompletedOnboarding,
              hasSeenTutorial: user.hasSeenTutorial || state.hasSeenTutorial,
            }
          : user,
      ),
  })
}

export type LearnStage = 'reading' | 'saving'

/**
 * "Learn my style": reads and analyses the user's sent mail (one analysis per language), saves
 * it as a writing profile and makes that the default, so drafts use it from now on.
 */
export async function learnMyStyle(
  onStage: (stage: LearnStage) => void,
): Promise<{ learned: LearnedFromSentMail; profile: WritingProfile }> {
  onStage('reading')
  const learned = await apiJson<LearnedFromSentMail>('POST', '/api/ai/learn-from-sent-mail')
  onStage('saving')
  const traits = learned.analysis.suggestedTraits
  const created = await apiJson<WritingProfile>('POST', '/api/writing-profiles', {
    name: LEARNED_PROFILE_NAME,
    description: learned.analysis.learnedStyle.slice(0, 1000),
    tone: traits.tone,
    style: traits.style,
    vocabulary: traits.vocabulary,
    sentenceStructure: traits.sentenceStructure,
    commonPhrases: traits.commonPhrases.slice(0, 50),
    signatureStyle: traits.signatureStyle,
    exampleText: learned.sample.slice(0, 20000),
  })
  const profile = created.isDefault
    ? created
    : await apiJson<WritingProfile>(
        'PUT',
        `/api/writing-profiles/${encodeURIComponent(created.id)}/set-default`,
      )
  return { learned, profile }
}

export function useLearnMyStyle(onStage: (stage: LearnStage) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => learnMyStyle(onStage),
    onSettled: () => queryClient.invalidateQueries({ queryKey: writingProfilesKey }),
  })
}

export const contactSuggestionsQuery = queryOptions({
  queryKey: ['/api/contacts/suggestions'],
  queryFn: () => apiJson<ContactSuggestion[]>('GET', '/api/contacts/suggestions?limit=3'),
  staleTime: Infinity,
})

/** The two or three people the user writes to most, from their sent mail. */
export function useContactSuggestions(enabled: boolean) {
  return useQuery({ ...contactSuggestionsQuery, enabled })
}

export type Preference = Pick<ContactInput, 'tone' | 'formality' | 'language'>

/**
 * Saves a preference for a suggested person: their contact is updated (its other fields kept),
 * or created with the name their mail gives them.
 */
export async function savePreference(
  person: ContactSuggestion,
  saved: Contact | null,
  preference: Preference,
): Promise<Contact> {
  if (saved) {
    const { name, email, greeting, signoff, memory, context, writingProfileId } = saved
    const input: ContactInput = {
      ...{ name, email, greeting, signoff, memory, context, writingProfileId },
      ...preference,
    }
    return apiJson<Contact>('PUT', `/api/contacts/${encodeURIComponent(saved.id)}`, input)
  }
  const input: ContactInput = {
    name: person.name || person.email.split('@')[0] || person.email,
    email: person.email,
    ...preference,
  }
  return apiJson<Contact>('POST', '/api/contacts', input)
}

export function useSavePreference() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (args: {
      person: ContactSuggestion
      saved: Contact | null
      preference: Preference
    }) => savePreference(args.person, args.saved, args.preference),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsKey }),
  })
}

/**
 * A recent real conversation to try Smart Reply on: the newest in the inbox whose latest message
 * someone else wrote (there is something to answer); null when there is none.
 */
export async function recentConversationToAnswer(myEmail: string): Promise<string | null> {
  const list = await apiJson<ThreadList>('GET', '/api/gmail/threads?label=INBOX&limit=25')
  const mine = myEmail.toLowerCase()
  return list.threads.find((t) => t.sender.email.toLowerCase() !== mine)?.id ?? null
}
