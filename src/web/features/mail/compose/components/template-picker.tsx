import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react'
import { FileText } from 'lucide-react'
import type { Template } from '../../../../../contract/templates'
import { ProBadge } from '../../../../components/pro-badge'
import { Button } from '../../../../components/ui/button'
import { Input } from '../../../../components/ui/input'
import { cn } from '../../../../lib/cn'
import { useContacts } from '../../../../lib/queries/contacts'
import { useCurrentUser } from '../../../../lib/queries/current-user'
import { usePlan } from '../../../../lib/queries/plan'
import { useTemplates } from '../../../../lib/queries/templates'
import {
  fillFor,
  insertTemplate,
  LANGUAGE_CODES,
  matchTemplates,
  triggerAt,
  valuesFor,
} from '../template-trigger'

/** Rows the list shows at most; typing narrows it further. */
const MAX_SHOWN = 12

type Fields = { to: string; subject: string; body: string }

/** Where the picker was opened from: the `;` typed in the message, or the Templates button. */
type Open =
  | { source: 'trigger'; start: number; end: number; query: string }
  | { source: 'button'; start: number; end: number; query: string }

/**
 * The Templates picker of the message editor (decision 051): a Templates button, and `;` at the
 * start of a word in the message followed by letters, as snippets work in Superhuman. Arrow keys
 * choose, Enter (or Tab) inserts the template filled for the first recipient, Escape closes.
 * The subject is filled too while it is empty.
 */
export function useTemplatePicker<F extends Fields>({
  bodyRef,
  fields,
  setFields,
  disabled,
}: {
  bodyRef: RefObject<HTMLTextAreaElement | null>
  fields: F
  setFields: (update: (current: F) => F) => void
  disabled: boolean
}) {
  const [open, setOpen] = useState<Open | null>(null)
  const [active, setActive] = useState(0)
  // The list is fetched the first time the picker opens: most messages never use it.
  const [wanted, setWanted] = useState(false)
  const templates = useTemplates({ enabled: wanted })
  const contacts = useContacts()
  const { data: me } = useCurrentUser()
  const listId = useId()

  const { values, language } = valuesFor(fields.to, contacts.data ?? [], me?.name)
  const items = open
    ? matchTemplates(templates.data ?? [], open.query, language).slice(0, MAX_SHOWN)
    : []
  const chosen = items[Math.min(active, items.length - 1)]

  const show = (next: Open | null) => {
    if (next) setWanted(true)
    setOpen(next)
    if (!next || next.query !== open?.query || next.source !== open?.source) setActive(0)
  }

  /** After each change or caret move in the message: is a `;query` being typed? */
  const readTrigger = () => {
    const area = bodyRef.current
    if (!area || open?.source === 'button') return
    const caret = area.selectionStart === area.selectionEnd ? area.selectionStart : -1
    const trigger = caret >= 0 ? triggerAt(area.value, caret) : null
    show(trigger && { source: 'trigger', ...trigger })
  }

  const insert = (template: Template) => {
    if (!open) return
    const filled = fillFor(template, values)
    const range = open
    let caret = 0
    setFields((current) => {
      const next = insertTemplate(current.body, range, filled.body)
      caret = next.caret
      return {
        ...current,
        body: next.body,
        subject: current.subject.trim() === '' ? filled.subject : current.subject,
      }
    })
    setOpen(null)
    requestAnimationFrame(() => {
      bodyRef.current?.focus()
      bodyRef.current?.setSelectionRange(caret, caret)
    })
  }

  /** The keys of an open picker; false when the key is not the picker's. */
  const handleKey = (event: KeyboardEvent): boolean => {
    if (!open) return false
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      const fromButton = open.source === 'button'
      setOpen(null)
      if (fromButton) bodyRef.current?.focus()
      return true
    }
    if (!items.length) return false
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((i) => (Math.min(i, items.length - 1) + step + items.length) % items.length)
      return true
    }
    if ((event.key === 'Enter' || event.key === 'Tab') && !event.ctrlKey && !event.metaKey) {
      event.preventDefault()
      if (chosen) insert(chosen)
      return true
    }
    return false
  }

  const openFromButton = () => {
    const area = bodyRef.current
    const caret = area ? area.selectionStart : fields.body.length
    const end = area ? area.selectionEnd : caret
    show({ source: 'button', start: caret, end, query: '' })
  }

  const activeId = chosen ? `${listId}-${items.indexOf(chosen)}` : undefined
  const panel = open ? (
    <TemplatePanel
      open={open}
      listId={listId}
      items={items}
      chosen={chosen}
      loading={templates.isPending}
      failed={templates.isError}
      onQuery={(query) => show({ ...open, query })}
      onKeyDown={handleKey}
      onHover={(i) => setActive(i)}
      onPick={insert}
      onClose={() => setOpen(null)}
    />
  ) : null

  return {
    /** Props for the message's textarea: the `;` trigger and its keys. */
    bodyProps: {
      onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => {
        if (open?.source === 'trigger') handleKey(event)
      },
      onKeyUp: (event: KeyboardEvent<HTMLTextAreaElement>) => {
        // Caret moves that change no text (arrows, Home) can leave or enter a `;word`.
        if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) readTrigger()
      },
      onClick: readTrigger,
      'aria-controls': open?.source === 'trigger' ? listId : undefined,
      'aria-activedescendant': open?.source === 'trigger' ? activeId : undefined,
      'aria-autocomplete': 'list' as const,
    },
    /** Call after the message's text changed (its onChange). */
    afterChange: () => requestAnimationFrame(readTrigger),
    button: (
      <Button
        type="button"
        variant="outline"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open?.source === 'button'}
        onClick={() => (open?.source === 'button' ? setOpen(null) : openFromButton())}
      >
        <FileText aria-hidden="true" /> Templates
      </Button>
    ),
    panel,
  }
}

function TemplatePanel({
  open,
  listId,
  items,
  chosen,
  loading,
  failed,
  onQuery,
  onKeyDown,
  onHover,
  onPick,
  onClose,
}: {
  open: Open
  listId: string
  items: Template[]
  chosen: Template | undefined
  loading: boolean
  failed: boolean
  onQuery: (query: string) => void
  onKeyDown: (event: KeyboardEvent) => boolean
  onHover: (index: number) => void
  onPick: (template: Template) => void
  onClose: () => void
}) {
  const panelRef = useRef<HTMLDivElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const { data: plan } = usePlan()

  useEffect(() => {
    if (open.source === 'button') searchRef.current?.focus()
  }, [open.source])

  // A click anywhere else closes it, as a menu does.
  useEffect(() => {
    const onDown = (event: MouseEvent) => {
      if (!panelRef.current?.contains(event.target as Node)) onClose()
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [onClose])

  let status: ReactNode = null
  if (loading) status = 'Loading templates…'
  else if (failed) status = 'The templates could not be loaded.'
  else if (!items.length) status = `No template matches “${open.query}”.`

  return (
    <div
      ref={panelRef}
      className="absolute inset-x-0 top-full z-20 mt-1 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg"
      data-testid="template-picker"
    >
      {open.source === 'button' && (
        <Input
          ref={searchRef}
          role="combobox"
          aria-label="Search templates"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={chosen ? `${listId}-${items.indexOf(chosen)}` : undefined}
          aria-autocomplete="list"
          placeholder="Search templates"
          className="mb-1"
          value={open.query}
          onChange={(event) => onQuery(event.target.value)}
          onKeyDown={(event) => void onKeyDown(event)}
        />
      )}
      {status ? (
        <p role="status" className="px-2 py-1.5 text-sm text-muted-foreground">
          {status}
        </p>
      ) : (
        <ul id={listId} role="listbox" aria-label="Templates" className="max-h-64 overflow-y-auto">
          {items.map((template, index) => (
            <li
              key={template.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={template === chosen}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                template === chosen && 'bg-accent text-accent-foreground',
              )}
              // mousedown, not click: the message keeps its focus and caret.
              onMouseDown={(event) => {
                event.preventDefault()
                onPick(template)
              }}
              onMouseEnter={() => onHover(index)}
            >
              <span className="min-w-0 flex-1 truncate">{template.name}</span>
              {template.kind === 'custom' && (
                <span className="text-xs text-muted-foreground">Yours</span>
              )}
              {template.language && (
                <span className="text-xs text-muted-foreground tabular-nums">
                  {LANGUAGE_CODES[template.language]}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="flex items-center gap-2 border-t border-border px-2 pt-1.5 pb-1 text-xs text-muted-foreground">
        {plan?.plan === 'pro' ? (
          <a href="/settings#templates" className="underline underline-offset-2">
            Manage your templates
          </a>
        ) : (
          <>
            <ProBadge />
            <a href="/upgrade" className="underline underline-offset-2">
              Write your own templates with Pro
            </a>
          </>
        )}
        <span className="ml-auto">↑↓ choose · Enter insert · Esc close</span>
      </p>
    </div>
  )
}
