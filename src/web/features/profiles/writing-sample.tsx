import { useRef, useState, type ChangeEvent } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { CircleAlert, FileText, Loader2, MailCheck, Sparkles, Wand2 } from 'lucide-react'
import {
  MAX_SAMPLE_BYTES,
  type LearnedLanguage,
  type StyleAnalysis,
  type SuggestedTraits,
} from '../../../contract/ai'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Textarea } from '../../components/ui/textarea'
import { errorDetail } from '../../lib/error-detail'
import { optionLabel } from '../../lib/option-label'
import { useDebouncedCallback } from '../../lib/use-debounced-callback'
import { writingStyleQuery } from './api/analyze-writing-style'
import { extractSample } from './api/extract-sample'
import { useLearnFromSentMail } from './api/learn-from-sent-mail'
import { LearnedLanguages, learnedSummary } from './learned-languages'
import { classifyUpload, INVALID_FILE_TYPE_MESSAGE, UPLOAD_ACCEPT } from './profile-form'
import { insertStarter, WRITING_PROMPTS } from './writing-prompts'

/** Quiet time after typing before the sample is analysed. */
export const STYLE_ANALYSIS_DELAY_MS = 1000
/** A plain-text sample larger than this is refused rather than read into the page. */
const MAX_TEXT_FILE_BYTES = 1_000_000

export type WritingSampleProps = {
  id: string
  value: string
  onChange: (text: string) => void
  /** Fills the profile form with traits suggested by an analysis (nothing is saved). */
  onApplyTraits: (traits: SuggestedTraits) => void
  error?: string
}

/**
 * The profile dialog's writing sample: upload a file (.pdf and .docx are read on the server),
 * learn from the user's sent mail, start from a prompt, or type. Non-blank text is analysed a
 * second after it stops changing (at once when a file is loaded).
 */
export function WritingSample({ id, value, onChange, onApplyTraits, error }: WritingSampleProps) {
  const [analyzedText, setAnalyzedText] = useState(value)
  const [upload, setUpload] = useState<{ tone: 'info' | 'error'; message: string } | null>(null)
  /** The languages the last "Learn from my sent mail" found; gone once another sample is loaded. */
  const [learnedLanguages, setLearnedLanguages] = useState<LearnedLanguage[]>([])
  const textareaRef = useRef<HTMLTextAreaElement>(null)
  const analyzeLater = useDebouncedCallback(setAnalyzedText, STYLE_ANALYSIS_DELAY_MS)
  const learn = useLearnFromSentMail()
  const analysis = useQuery({
    ...writingStyleQuery(analyzedText),
    placeholderData: keepPreviousData,
  })

  function setText(text: string, analyzeNow: boolean) {
    onChange(text)
    if (analyzeNow) {
      analyzeLater.cancel()
      setAnalyzedText(text)
    } else {
      analyzeLater.run(text)
    }
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setLearnedLanguages([])
    const kind = classifyUpload(file)
    if (kind === 'invalid') return setUpload({ tone: 'error', message: INVALID_FILE_TYPE_MESSAGE })
    if (kind === 'document') return loadDocument(file)
    if (file.size > MAX_TEXT_FILE_BYTES) {
      return setUpload({
        tone: 'error',
        message: 'That file is too large. Please upload a sample under 1 MB.',
      })
    }
    try {
      setText(await file.text(), true)
      setUpload({ tone: 'info', message: `Loaded ${file.name}.` })
    } catch {
      setUpload({ tone: 'error', message: `Could not read ${file.name}.` })
    }
  }

  // Decision 034: PDF and DOCX samples are read on the server, then analysed like typed text.
  async function loadDocument(file: File) {
    if (file.size > MAX_SAMPLE_BYTES) {
      return setUpload({
        tone: 'error',
        message: `That file is too large. Please upload a sample under ${MAX_SAMPLE_BYTES / 1024 / 1024} MB.`,
      })
    }
    setUpload({ tone: 'info', message: `Reading ${file.name}…` })
    try {
      setText(await extractSample(file), true)
      setUpload({ tone: 'info', message: `Loaded ${file.name}.` })
    } catch (failure) {
      setUpload({
        tone: 'error',
        message: errorDetail(failure) ?? `Could not read ${file.name}.`,
      })
    }
  }

  function learnFromSentMail() {
    setUpload(null)
    setLearnedLanguages([])
    learn.mutate(undefined, {
      onSuccess: (learned) => {
        setText(learned.sample, true)
        onApplyTraits(learned.analysis.suggestedTraits)
        setLearnedLanguages(learned.languages)
        setUpload({ tone: 'info', message: learnedSummary(learned) })
      },
      onError: (failure) =>
        setUpload({
          tone: 'error',
          message: errorDetail(failure) ?? 'Could not read your sent mail. Please try again.',
        }),
    })
  }

  function insertPrompt(starter: string) {
    const text = insertStarter(value, starter)
    setText(text, false)
    requestAnimationFrame(() => {
      const area = textareaRef.current
      if (!area) return
      area.focus()
      area.setSelectionRange(text.length, text.length)
    })
  }

  const errorId = `${id}-error`
  const hasText = analyzedText.trim() !== ''

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3 rounded-lg border p-4">
      <div className="space-y-1">
        <h3 id={`${id}-heading`} className="text-sm font-semibold">
          Writing sample
        </h3>
        <p className="text-xs text-muted-foreground">
          Upload, pick a prompt or type a few paragraphs in your own voice; Inkwell learns your
          style from it.
        </p>
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-file`}>Upload a sample (.txt, .pdf or .docx)</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept={UPLOAD_ACCEPT}
          onChange={(e) => void onFile(e)}
          aria-describedby={upload ? `${id}-upload-status` : undefined}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={learnFromSentMail}
          disabled={learn.isPending}
        >
          {learn.isPending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <MailCheck aria-hidden="true" />
          )}
          Learn from my sent mail
        </Button>
        {upload && (
          <p
            id={`${id}-upload-status`}
            role={upload.tone === 'error' ? 'alert' : 'status'}
            className={
              upload.tone === 'error' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'
            }
          >
            {upload.message}
          </p>
        )}
        <LearnedLanguages languages={learnedLanguages} />
      </div>

      <div className="grid gap-1.5">
        <p className="text-sm font-medium" id={`${id}-prompts`}>
          Or start from a prompt
        </p>
        <div role="group" aria-labelledby={`${id}-prompts`} className="flex flex-wrap gap-2">
          {WRITING_PROMPTS.map((prompt) => (
            <Button
              key={prompt.label}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => insertPrompt(prompt.starter)}
            >
              <FileText aria-hidden="true" /> {prompt.label}
            </Button>
          ))}
        </div>
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={id}>Example text</Label>
        <Textarea
          ref={textareaRef}
          id={id}
          name="exampleText"
          rows={6}
          value={value}
          placeholder="Paste or write an e-mail you have sent…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setText(e.target.value, false)}
        />
        {error && (
          <p id={errorId} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>

      <div aria-live="polite" className="text-sm">
        {!hasText ? null : analysis.isError ? (
          <p role="alert" className="flex items-center gap-2 text-destructive">
            <CircleAlert aria-hidden="true" className="size-4" /> Failed to analyze writing style
          </p>
        ) : analysis.data ? (
          <StyleAnalysisView
            analysis={analysis.data}
            updating={analysis.isFetching}
            onApplyTraits={onApplyTraits}
          />
        ) : analysis.isFetching ? (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Loader2 aria-hidden="true" className="size-3.5 animate-spin" />
            Analyzing your writing style...
          </p>
        ) : null}
      </div>
    </section>
  )
}

function StyleAnalysisView({
  analysis,
  updating,
  onApplyTraits,
}: {
  analysis: StyleAnalysis
  updating: boolean
  onApplyTraits: (traits: SuggestedTraits) => void
}) {
  const traits = analysis.suggestedTraits
  return (
    <div className="grid gap-3 rounded-md bg-muted/60 p-3" aria-busy={updating}>
      <div className="flex items-center justify-between gap-2">
        <h4 className="flex items-center gap-1.5 font-medium">
          <Sparkles aria-hidden="true" className="size-4 text-primary" /> Style analysis
        </h4>
        {updating && <span className="text-xs text-muted-foreground">Updating…</span>}
      </div>
      <p className="whitespace-pre-line">{analysis.styleAnalysis}</p>
      {analysis.suggestions.length > 0 && (
        <div>
          <h4 className="font-medium">Suggestions</h4>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {analysis.suggestions.map((suggestion) => (
              <li key={suggestion}>{suggestion}</li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <h4 className="font-medium">Learned style</h4>
        <p className="mt-1 whitespace-pre-line text-muted-foreground">{analysis.learnedStyle}</p>
      </div>
      <div className="grid gap-2 border-t border-border pt-3">
        <h4 className="font-medium">Suggested traits</h4>
        <dl
          className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs"
          data-testid="suggested-traits"
        >
          <dt className="text-muted-foreground">Tone</dt>
          <dd>{optionLabel(traits.tone)}</dd>
          <dt className="text-muted-foreground">Style</dt>
          <dd>{optionLabel(traits.style)}</dd>
          <dt className="text-muted-foreground">Vocabulary</dt>
          <dd>{optionLabel(traits.vocabulary)}</dd>
          <dt className="text-muted-foreground">Sentence structure</dt>
          <dd>{optionLabel(traits.sentenceStructure)}</dd>
          {traits.commonPhrases.length > 0 && (
            <>
              <dt className="text-muted-foreground">Common phrases</dt>
              <dd>{traits.commonPhrases.join(', ')}</dd>
            </>
          )}
          {traits.signatureStyle && (
            <>
              <dt className="text-muted-foreground">Signature</dt>
              <dd>{traits.signatureStyle}</dd>
            </>
          )}
        </dl>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="w-fit"
          onClick={() => onApplyTraits(traits)}
        >
          <Wand2 aria-hidden="true" /> Apply suggested traits
        </Button>
      </div>
    </div>
  )
}
