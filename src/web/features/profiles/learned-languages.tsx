import { Languages } from 'lucide-react'
import type { LearnedFromSentMail, LearnedLanguage } from '../../../contract/ai'
import { optionLabel } from '../../lib/option-label'

const emails = (n: number) => `${n} sent ${n === 1 ? 'e-mail' : 'e-mails'}`

/** "English, German and Spanish". */
function joinNames(names: string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** What the dialog says once the sent mail is read: how many e-mails, in which languages. */
export function learnedSummary(learned: LearnedFromSentMail): string {
  const analysed = learned.languages.filter((l) => l.analysis).map((l) => optionLabel(l.language))
  const where = analysed.length ? ` in ${joinNames(analysed)}` : ''
  return `Learned from ${emails(learned.messageCount)}${where}: the suggested traits are filled in. Nothing is saved until you save.`
}

/**
 * The languages found in the user's sent mail (decision 047): each with its message count and
 * what was learned of it, or why nothing was. The sample keeps a section per language, and a
 * draft uses the section in its contact's language.
 */
export function LearnedLanguages({ languages }: { languages: LearnedLanguage[] }) {
  if (languages.length === 0) return null
  return (
    <section
      aria-labelledby="learned-languages-heading"
      className="grid gap-2 rounded-md border border-border p-3 text-sm"
    >
      <h4 id="learned-languages-heading" className="flex items-center gap-1.5 font-medium">
        <Languages aria-hidden="true" className="size-4 text-primary" /> Languages in your sent mail
      </h4>
      <ul className="grid gap-1.5">
        {languages.map((entry) => (
          <li key={entry.language}>
            <span className="font-medium">{optionLabel(entry.language)}</span>
            <span className="text-muted-foreground"> · {emails(entry.messageCount)}</span>
            <p className="text-muted-foreground">
              {entry.analysis
                ? entry.analysis.learnedStyle
                : `Too little text (${entry.words} ${entry.words === 1 ? 'word' : 'words'}) to learn a style from.`}
            </p>
          </li>
        ))}
      </ul>
      {languages.filter((l) => l.analysis).length > 1 && (
        <p className="text-xs text-muted-foreground">
          The sample keeps a section per language; a draft uses the one in its contact’s language.
          The suggested traits come from {optionLabel(languages[0]!.language)}, the language most of
          your mail is in.
        </p>
      )}
    </section>
  )
}
