import { useEffect, useState } from 'react'
import { Sparkles, Square } from 'lucide-react'
import { Link } from 'wouter'
import type { GeneratedDraft, RefineAction } from '../../../contract/ai'
import type { Contact } from '../../../contract/contacts'
import { Button } from '../../components/ui/button'
import { useContacts } from '../../lib/queries/contacts'
import { usePlan } from '../../lib/queries/plan'
import { ContactPicker } from './contact-picker'
import { limitReachedMessage } from './credit-state'
import { CreditCompact } from './credit-widgets'
import { DraftStatus, RefineButtons } from './draft-tools'
import { useDraftStream, type DraftOutcome, type DraftRequest } from './use-draft-stream'
import { WriteWithAiDialog } from './write-with-ai-dialog'
import { DraftNotes, WriterLabel } from './writer-label'

/** How a generation into the editor ended. */
export type DraftEnding =
  | { kind: 'done'; draft: GeneratedDraft }
  /** Stopped after its first words: what was written stays, to edit. */
  | { kind: 'stopped' }
  /** Failed, or stopped before any words: the editor goes back to what it was. */
  | { kind: 'dropped' }

/** Where a compose draft goes: the editor that owns the message text. */
export type DraftTarget = {
  /** What the message says now, above a reply's quote: the text a refine rewrites. */
  draftText: () => string
  /** The user's Gmail signature sits under the draft, so the draft signs off without a name. */
  signedBelow: () => boolean
  /** A generation starts: the editor keeps its text, to put it back if nothing usable comes. */
  begin: () => void
  /** The whole draft so far, at most once per animation frame. */
  text: (text: string) => void
  end: (ending: DraftEnding) => void
}

function ending(result: DraftOutcome): DraftEnding {
  if (result.outcome === 'done') return { kind: 'done', draft: result.draft }
  if (result.outcome === 'cancelled' && result.text !== '') return { kind: 'stopped' }
  return { kind: 'dropped' }
}

/** The address inside 'Name <address>', or the text itself, lower-cased. */
function addressOf(recipient: string): string {
  const first = recipient.split(',')[0] ?? ''
  return (/<([^>]+)>/.exec(first)?.[1] ?? first).trim().toLowerCase()
}

/**
 * Compose's side panel: the quick contact picker with the selected contact's
 * summary, and the AI Assistant, whose 'Write with AI' streams a draft for that contact.
 */
export function AiAssistantPanel({
  recipient,
  subject,
  threadId,
  onContactPicked,
  target,
}: {
  /** The To field, so a recipient who is a saved contact is selected, as the spec asks. */
  recipient: string
  subject: string
  threadId: string | undefined
  onContactPicked: (contact: Contact) => void
  target: DraftTarget
}) {
  const { data: contacts } = useContacts()
  const { data: plan } = usePlan()
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [asking, setAsking] = useState(false)
  const draft = useDraftStream({ failureTitle: 'Failed to generate AI email', onText: target.text })
  const selected = contacts?.find((c) => c.id === selectedId) ?? null

  // Typing (or a reply's prefill) naming a saved contact selects them.
  const typed = addressOf(recipient)
  useEffect(() => {
    const match = contacts?.find((c) => c.email.toLowerCase() === typed)
    if (match) setSelectedId(match.id)
  }, [typed, contacts])

  /** Streams a generation into the editor, which keeps or puts back its text by how it ends. */
  async function run(request: DraftRequest, failureTitle?: string) {
    target.begin()
    target.end(ending(await draft.start(request, { failureTitle })))
  }

  async function generate(description: string, templateId?: string) {
    if (!selected) return
    setAsking(false)
    await run({
      kind: 'generate-email',
      input: {
        // The server applies the saved contact's preferences (decision 034).
        contactId: selected.id,
        contactName: selected.name,
        userInput: description,
        subject: subject.trim() || undefined,
        threadId,
        templateId,
        ...(target.signedBelow() ? { signedBelow: true } : {}),
      },
    })
  }

  async function refine(action: RefineAction) {
    const text = target.draftText()
    if (!text) return
    await run(
      {
        kind: 'refine',
        input: {
          action,
          text,
          contactId: selected?.id,
          contactName: selected?.name,
          threadId,
          ...(target.signedBelow() ? { signedBelow: true } : {}),
        },
      },
      'Failed to refine the e-mail',
    )
  }

  const hasText = target.draftText() !== ''
  const blocked = plan !== undefined && !plan.canGenerateAI
  const limit = plan && blocked ? limitReachedMessage(plan) : null

  return (
    <>
      <ContactPicker
        contacts={contacts}
        selected={selected}
        onPick={(contact) => {
          setSelectedId(contact.id)
          onContactPicked(contact)
        }}
        onClear={() => setSelectedId(null)}
      />
      <section aria-labelledby="ai-assistant-heading" className="grid gap-3 rounded-lg border p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="ai-assistant-heading" className="flex items-center gap-2 text-sm font-semibold">
            <Sparkles aria-hidden="true" className="size-4" /> AI Assistant
          </h2>
          <CreditCompact />
        </div>
        {limit ? (
          <div
            role="status"
            className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/8 p-3 text-sm"
          >
            <p className="font-medium">{limit.title}</p>
            <p className="text-xs text-muted-foreground">{limit.description}</p>
            <Button asChild size="sm">
              <Link href="/upgrade">Upgrade</Link>
            </Button>
          </div>
        ) : draft.active ? (
          <div className="grid gap-2 text-sm">
            <p className="flex items-center gap-2 text-muted-foreground">
              <Sparkles aria-hidden="true" className="size-4 animate-pulse text-primary" />
              {draft.phase === 'waiting' ? 'Starting your draft…' : 'Writing your e-mail…'}
            </p>
            {/* Stop keeps what has been written; before the first words, nothing is billed. */}
            <Button type="button" variant="outline" size="sm" onClick={draft.cancel}>
              <Square aria-hidden="true" /> Stop
            </Button>
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {selected
                ? `Describe the e-mail; it is written for ${selected.name}.`
                : 'Pick a contact, then describe the e-mail you need.'}
            </p>
            <Button
              type="button"
              onClick={() => draft.allowed() && setAsking(true)}
              data-testid="write-with-ai"
            >
              <Sparkles aria-hidden="true" /> Write with AI
            </Button>
            {hasText && (
              <div className="grid gap-1.5">
                <p className="text-xs text-muted-foreground">
                  Rewrite the message (1 credit each):
                </p>
                <RefineButtons
                  label="Refine the e-mail"
                  disabled={false}
                  onRefine={(action) => void refine(action)}
                />
              </div>
            )}
          </>
        )}
        {/* Always there, so each change is announced: writing, then what it cost. */}
        <DraftStatus phase={draft.phase} charge={draft.charge} waiting="Writing your e-mail…" />
        {!draft.active && (draft.phase === 'done' || draft.phase === 'cancelled') && (
          <>
            <WriterLabel writer={draft.writer} />
            <DraftNotes writer={draft.writer} notice={draft.notice} />
          </>
        )}
      </section>
      {asking && (
        <WriteWithAiDialog
          contactName={selected?.name ?? null}
          onGenerate={(description, templateId) => void generate(description, templateId)}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  )
}
