import type { Contact } from '../../contract/contacts'
import { optionLabel } from '../lib/option-label'
import { Badge } from './ui/badge'

export type ContactBadge = {
  /** What the badge says: 'Formal'. */
  text: string
  /** Which preferences it stands for: 'Tone and formality' when they share the word. */
  title: string
}

type Preferences = Pick<Contact, 'tone' | 'formality' | 'language'>

/**
 * A contact's writing preferences as badges: tone, formality and language, each word once
 * ("Formal · Spanish" when the tone and the formality are both formal, issue 25). The one way
 * Compose's contact card and the Contacts page show them.
 */
export function contactBadges(contact: Preferences): ContactBadge[] {
  const badges: ContactBadge[] = []
  const facets: [string, string][] = [
    ['Tone', contact.tone],
    ['Formality', contact.formality],
    ['Language', contact.language],
  ]
  for (const [facet, value] of facets) {
    const text = optionLabel(value)
    const same = badges.find((badge) => badge.text === text)
    if (same) same.title = `${same.title} and ${facet.toLowerCase()}`
    else badges.push({ text, title: facet })
  }
  return badges
}

/** The badges, as a list named for what they are. */
export function ContactBadges({
  contact,
  className,
}: {
  contact: Preferences
  className?: string
}) {
  return (
    <ul aria-label="Writing preferences" className={className ?? 'flex flex-wrap gap-1'}>
      {contactBadges(contact).map((badge) => (
        <li key={badge.text}>
          <Badge variant="outline" title={badge.title}>
            {badge.text}
          </Badge>
        </li>
      ))}
    </ul>
  )
}
